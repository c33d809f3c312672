/**
 * The words of the automatic tuition reminders (issue 33 §4, ADR 0043). CDC art. 42 and Lei 9.870/1999:
 * a family in debt is neither exposed nor threatened. So what a third party may read — the SMS on a shared
 * phone, an e-mail's subject in a list — says no more than 'Mensalidade de <mês>'; the amount and the Pix
 * code are only in the e-mail's body and the portal's bell. The tone is polite, allows that it may already
 * be paid, speaks of no consequence, and gives the school's name and contact.
 */
import { type LembreteMomento, type LembreteTexto } from '../../../shared/lembretes.schemas.js';
import { descricaoCobranca, type TipoCobranca } from '../../../shared/mensalidades.schemas.js';
import { lastDayWithoutCharges } from '../../../shared/calendar.js';
import { formatCentavosPlain, formatDate, formatPhone } from '../../../shared/format.js';

export interface EscolaContato {
  nome: string;
  telefone: string | null;
  whatsapp: string | null;
  email: string | null;
}

export interface LembreteAutomatico {
  momento: LembreteMomento;
  mesReferencia: string;
  /** The enrolment fee is named as such (ADR 0094); absent: a month's tuition. */
  tipo?: TipoCobranca;
  anuidadeAno?: number | null;
  alunoNome: string;
  dataVencimento: string;
  /** The amount of the day (centavos): open principal, plus multa and juros once overdue. */
  valor: number;
  /** The desconto de pontualidade in `valor`, still to be had until `ate` (ADR 0046); else none. */
  desconto?: { valor: number; ate: string } | null | undefined;
  hoje: string;
  /** The Pix copia e cola for the amount of the day; null when the school has no Pix configured. */
  pix: string | null;
  escola: EscolaContato;
}

/** 'Secretaria da Escola X: telefone (11) 3456-7890, WhatsApp …, e-mail …' (what the school filled in). */
export function contatoDaEscola(escola: EscolaContato): string {
  const canais = [
    escola.telefone ? `telefone ${formatPhone(escola.telefone)}` : null,
    escola.whatsapp && escola.whatsapp !== escola.telefone
      ? `WhatsApp ${formatPhone(escola.whatsapp)}`
      : null,
    escola.email ? `e-mail ${escola.email}` : null,
  ].filter((canal): canal is string => canal !== null);
  return canais.length > 0
    ? `Secretaria — ${escola.nome}: ${canais.join(', ')}.`
    : `Secretaria — ${escola.nome}: fale conosco pelo portal.`;
}

export function lembreteAutomaticoTexto(input: LembreteAutomatico): LembreteTexto {
  // 'Mensalidade de julho de 2026' / 'Taxa de matrícula 2027', and in a sentence 'a mensalidade de…'.
  const titulo = descricaoCobranca({
    tipo: input.tipo ?? 'mensalidade',
    mes_referencia: input.mesReferencia,
    anuidade_ano: input.anuidadeAno ?? null,
  });
  const nome = titulo.charAt(0).toLocaleLowerCase('pt-BR') + titulo.slice(1);
  const venc = formatDate(input.dataVencimento);
  const valor = formatCentavosPlain(input.valor);
  const assunto = titulo;
  const desconsidere = 'Se já pagou, por favor desconsidere esta mensagem.';
  const pixEmail = input.pix
    ? ['Pix copia e cola (para pagar hoje):', input.pix, '', 'No portal, em Financeiro, há também o QR Code.']
    : ['Para pagar, acesse o portal, em Financeiro, ou fale com a secretaria.'];
  const pixBell = input.pix ? ` Pix copia e cola: ${input.pix}` : ' Pague pelo portal, em Financeiro.';

  let abertura: string;
  let valorLinha: string;
  let texto: string;
  let fecho: string[] = [];
  switch (input.momento) {
    case 'antes': {
      abertura = `${input.escola.nome}: lembrete da ${nome} de ${input.alunoNome}, que vence em ${venc}.`;
      const desconto = input.desconto
        ? ` até ${formatDate(input.desconto.ate)} (desconto de pontualidade); depois, ${formatCentavosPlain(input.valor + input.desconto.valor)}`
        : '';
      valorLinha = `Valor: ${valor}${desconto}.`;
      texto = `A ${nome} de ${input.alunoNome} vence em ${venc}. Valor: ${valor}${desconto}.${pixBell}`;
      break;
    }
    case 'depois':
      abertura = `Ainda não identificamos o pagamento da ${nome} de ${input.alunoNome}, que venceu em ${venc}. Pode ter sido só um descuido, ou o pagamento ainda estar a caminho.`;
      // A due date on a Saturday, Sunday or holiday is paid without charges on the next business day
      // (Lei 7.089/1983): the day after it may be that day.
      valorLinha =
        input.hoje <= lastDayWithoutCharges(input.dataVencimento)
          ? `Valor para pagamento hoje (${formatDate(input.hoje)}), ainda sem multa e juros, porque o vencimento caiu em dia sem expediente bancário: ${valor}.`
          : `Valor para pagamento hoje (${formatDate(input.hoje)}), com multa e juros: ${valor}.`;
      texto = `A ${nome} de ${input.alunoNome} venceu em ${venc}. Valor para pagar hoje: ${valor}.${pixBell} ${desconsidere}`;
      break;
    case 'atraso':
      abertura = `A ${nome} de ${input.alunoNome}, com vencimento em ${venc}, continua em aberto.`;
      valorLinha = `Valor para pagamento hoje (${formatDate(input.hoje)}), com multa e juros: ${valor}.`;
      texto = `A ${nome} de ${input.alunoNome} (vencimento ${venc}) continua em aberto. Valor para pagar hoje: ${valor}.${pixBell} Se precisar combinar outra forma, fale com a secretaria.`;
      fecho = [
        'Se estiver passando por alguma dificuldade, a secretaria está à disposição para conversar e combinar a melhor forma de pagamento.',
      ];
      break;
  }
  const email = [
    abertura,
    '',
    valorLinha,
    ...pixEmail,
    '',
    ...fecho,
    desconsidere,
    '',
    contatoDaEscola(input.escola),
  ].join('\n');
  return { assunto, texto, email, sms: `${input.escola.nome}: ${titulo}. Veja no portal:` };
}
