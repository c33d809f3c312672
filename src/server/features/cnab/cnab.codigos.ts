/**
 * FEBRABAN CNAB 240 code lists the school meets (v10.x): movements the school sends (C004), movements
 * the bank answers (C044) and the reasons of a rejection (C047/G059), in the secretaria's Portuguese.
 */

/** Código de movimento remessa (C004). */
export const MOVIMENTO_REMESSA = {
  entrada: '01',
  baixa: '02',
  alteracao_vencimento: '06',
} as const;

/** Código de movimento retorno (C044) the product acts on; the others are kept and listed as they are. */
export const OCORRENCIAS_RETORNO: Readonly<Record<string, string>> = {
  '02': 'Entrada confirmada',
  '03': 'Entrada rejeitada',
  '04': 'Transferência de carteira/entrada',
  '05': 'Transferência de carteira/baixa',
  '06': 'Liquidação',
  '07': 'Confirmação do recebimento da instrução de desconto',
  '09': 'Baixa',
  '11': 'Títulos em carteira (em ser)',
  '12': 'Confirmação do recebimento da instrução de abatimento',
  '14': 'Confirmação do recebimento da instrução de alteração de vencimento',
  '17': 'Liquidação após baixa ou liquidação de título não registrado',
  '19': 'Confirmação do recebimento da instrução de protesto',
  '23': 'Remessa a cartório',
  '25': 'Protestado e baixado',
  '26': 'Instrução rejeitada',
  '27': 'Confirmação do pedido de alteração de outros dados',
  '28': 'Débito de tarifas/custas',
  '30': 'Alteração de dados rejeitada',
};

/** Motivos of a rejection (G059 for ocorrências 03, 26 and 30). */
export const MOTIVOS_REJEICAO: Readonly<Record<string, string>> = {
  '01': 'Código do banco inválido',
  '02': 'Código do registro detalhe inválido',
  '03': 'Código do segmento inválido',
  '04': 'Código de movimento não permitido para a carteira',
  '05': 'Código de movimento inválido',
  '06': 'Tipo/número de inscrição do beneficiário inválidos',
  '07': 'Agência/conta/DV inválido',
  '08': 'Nosso número inválido',
  '09': 'Nosso número duplicado',
  '10': 'Carteira inválida',
  '11': 'Forma de cadastramento do título inválida',
  '12': 'Tipo de documento inválido',
  '13': 'Identificação da emissão do boleto inválida',
  '14': 'Identificação da distribuição do boleto inválida',
  '15': 'Características da cobrança incompatíveis',
  '16': 'Data de vencimento inválida',
  '17': 'Data de vencimento anterior à data de emissão',
  '18': 'Vencimento fora do prazo de operação',
  '20': 'Valor do título inválido',
  '21': 'Espécie do título inválida',
  '22': 'Espécie do título não permitida para a carteira',
  '23': 'Aceite inválido',
  '24': 'Data da emissão inválida',
  '25': 'Data da emissão posterior à data de entrada',
  '26': 'Código de juros de mora inválido',
  '27': 'Valor/taxa de juros de mora inválido',
  '28': 'Código do desconto inválido',
  '29': 'Valor do desconto maior ou igual ao valor do título',
  '30': 'Desconto a conceder não confere',
  '44': 'Código da moeda inválido',
  '45': 'Nome do pagador não informado',
  '46': 'Tipo/número de inscrição do pagador inválidos',
  '47': 'Endereço do pagador não informado',
  '48': 'CEP inválido',
  '49': 'CEP sem praça de cobrança',
  '51': 'CEP incompatível com a unidade da federação',
  '52': 'Unidade da federação inválida',
  '57': 'Código da multa inválido',
  '58': 'Data da multa inválida',
  '59': 'Valor/percentual da multa inválido',
  '60': 'Movimento para título não cadastrado',
  '63': 'Entrada para título já cadastrado',
  '86': 'Seu número inválido',
};

/** The motivos of a T record (five codes of two digits) in words; unknown codes are shown as codes. */
export function motivosEmTexto(campo: string): string {
  const codes = (campo.match(/.{2}/g) ?? []).filter((code) => /^\d\d$/.test(code) && code !== '00');
  if (codes.length === 0) return 'O banco não informou o motivo.';
  return codes.map((code) => MOTIVOS_REJEICAO[code] ?? `Motivo ${code} do banco`).join('; ');
}
