/**
 * What the family is told when the automatic enrolment ends (matricula-automatica.ts): the enrolment is
 * confirmed (the class, the charges waiting in the portal), or every class of the série is full and the
 * student is on the waiting list. Without it a family who signed the contract heard nothing until the
 * secretaria called; the staff saw it only in the funnel's timeline. Written inside the enrolment's
 * transaction (its timeline event), sent after it commits.
 */
import { turnoLabels } from '../../../shared/classes.schemas.js';
import { firstName, formatDate } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { ClassRow } from '../../db/schema/classes.js';
import type { interessados } from '../../db/schema/matriculas.js';
import { registrarEvento } from './funil.service.js';

type InteressadoRow = typeof interessados.$inferSelect;

export type AvisoFamilia =
  | { tipo: 'matriculado'; turma: ClassRow; alunoNome: string; cobrancas: number }
  | { tipo: 'lista_espera'; desde: Date; alunoNome: string };

interface Mensagem {
  to: string;
  subject: string;
  text: string;
}

/** The e-mail to the family's contact (the person who asked the school, who received the links). */
export function mensagemDoAviso(
  aviso: AvisoFamilia,
  interessado: Pick<InteressadoRow, 'email' | 'responsavelNome' | 'serie' | 'anoLetivo'>,
  escola: string,
  portal: string,
): Mensagem {
  const ano = String(interessado.anoLetivo);
  const ola = `Olá, ${interessado.responsavelNome}.\n\n`;
  if (aviso.tipo === 'matriculado') {
    const { turma, cobrancas } = aviso;
    const financeiro =
      cobrancas === 0
        ? ''
        : cobrancas === 1
          ? `A cobrança de ${ano} já está no portal da família, em Financeiro, com o boleto e o Pix.\n\n`
          : `As ${String(cobrancas)} cobranças de ${ano} já estão no portal da família, em Financeiro, com os boletos e o Pix.\n\n`;
    return {
      to: interessado.email,
      subject: `Matrícula confirmada: ${firstName(aviso.alunoNome)} - ${escola}`,
      text:
        ola +
        `A matrícula de ${aviso.alunoNome} em ${escola} está confirmada: turma ${turma.nome} ` +
        `(${turma.serie}, ${turnoLabels[turma.turno].toLowerCase()}), ano letivo ${turma.anoLetivo}.\n\n` +
        financeiro +
        `Acesse o portal em ${portal}/login. Se você ainda não tinha acesso, enviamos em outro e-mail o seu login e uma senha provisória.\n`,
    };
  }
  return {
    to: interessado.email,
    subject: `Lista de espera: ${firstName(aviso.alunoNome)} - ${escola}`,
    text:
      ola +
      `Recebemos o contrato de ${aviso.alunoNome} assinado, mas as turmas de ${interessado.serie} de ${ano} estão completas neste momento.\n\n` +
      `${aviso.alunoNome} está na lista de espera desde ${formatDate(aviso.desde)}. ` +
      `A matrícula é concluída assim que abrir uma vaga, e avisaremos você por e-mail. ` +
      `Nenhuma mensalidade é gerada antes disso.\n\n` +
      `Dúvidas: responda a este e-mail ou fale com a secretaria.\n`,
  };
}

/** The funnel's timeline says the family was told (inside the enrolment's transaction). */
export async function registrarAviso(
  tx: Tx,
  interessado: InteressadoRow,
  aviso: AvisoFamilia,
): Promise<void> {
  const texto =
    aviso.tipo === 'matriculado'
      ? `Confirmação da matrícula enviada para ${interessado.email}.`
      : `Aviso da lista de espera enviado para ${interessado.email}.`;
  await registrarEvento(tx, interessado.id, 'email', texto, null);
}

/** Sends the notices once the enrolment committed; a mail server down never undoes the enrolment. */
export async function enviarAvisos(
  ctx: AppContext,
  interessado: InteressadoRow | null,
  avisos: readonly AvisoFamilia[],
): Promise<void> {
  if (!interessado || avisos.length === 0) return;
  const escola = await ctx.getSchoolName();
  for (const aviso of avisos)
    await ctx.mailer
      .send(mensagemDoAviso(aviso, interessado, escola, ctx.config.publicUrl))
      .catch((error: unknown) =>
        ctx.log.warn({ code: (error as { code?: string }).code }, 'falha ao avisar a família da matrícula'),
      );
}
