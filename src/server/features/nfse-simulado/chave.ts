/**
 * The NFS-e chave de acesso, 50 digits, as the national rules form it (TSIdNFSe without 'NFS'):
 * município (7) + ambiente gerador (1) + tipo de inscrição (1: CPF, 2: CNPJ) + inscrição (14) +
 * número da NFS-e (13) + ano e mês de emissão AAMM (4) + código numérico (9) + DV (1, mod 11).
 */
export function digitoChave(base49: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = base49.length - 1; i >= 0; i--) {
    soma += Number(base49[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  const dv = 11 - resto;
  return dv >= 10 ? 0 : dv;
}

export interface PartesChave {
  municipio: string;
  /** 1: município's own system, 2: the national one (the simulator is the national one). */
  ambienteGerador: '1' | '2';
  cnpj: string;
  numero: number;
  /** AAMM */
  anoMes: string;
  codigo: number;
}

export function formarChave(partes: PartesChave): string {
  const base =
    partes.municipio +
    partes.ambienteGerador +
    '2' +
    partes.cnpj.padStart(14, '0') +
    String(partes.numero).padStart(13, '0') +
    partes.anoMes +
    String(partes.codigo).padStart(9, '0');
  return `${base}${digitoChave(base)}`;
}

export function chaveValida(chave: string): boolean {
  return /^\d{50}$/.test(chave) && digitoChave(chave.slice(0, 49)) === Number(chave[49]);
}
