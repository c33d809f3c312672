import { DAY_MS } from '../../../shared/calendar.js';
import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import { type Permission } from '../../../shared/permissions.js';
import { INTERESSE_TEMPO_MINIMO_MS } from '../../../shared/funil.schemas.js';
import {
  etapaFunilLabels,
  type InteresseBalcaoData,
  type InteresseData,
} from '../../../shared/matriculas.schemas.js';
import { formatDate, formatPhone } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { interessados } from '../../db/schema/matriculas.js';
import { entregas } from '../../db/schema/notificacoes.js';
import { clock } from '../../lib/clock.js';
import { recordAudit, systemActor, type Actor } from '../audit/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { readSiteContent } from '../content/index.js';
import { staffHolding } from '../perfis/index.js';
import { fanOut } from '../notificacoes/index.js';
import { getSchoolIdentity, readSystemValues } from '../settings/index.js';
import { registrarEvento } from './funil.service.js';

const MANAGE: Permission = 'matriculas.manage';

/** Whether a form is a robot's: the hidden field filled, or sent faster than a person can type. */
export function isSpam(input: Pick<InteresseData, 'website' | 'preenchido_em_ms'>): boolean {
  if (input.website && input.website.trim() !== '') return true;
  return input.preenchido_em_ms !== undefined && input.preenchido_em_ms < INTERESSE_TEMPO_MINIMO_MS;
}

/** The open row of the same family and child for the same year, if the family wrote before. */
async function openRowOf(db: DbOrTx, input: InteresseData) {
  const [row] = await db
    .select()
    .from(interessados)
    .where(
      and(
        eq(interessados.email, input.email),
        eq(interessados.anoLetivo, input.ano_letivo),
        eq(interessados.tipo, 'nova'),
        sql`lower(${interessados.alunoNome}) = lower(${input.aluno_nome})`,
        notInArray(interessados.etapa, ['matriculado', 'perdido']),
      ),
    )
    .orderBy(interessados.createdAt)
    .limit(1)
    .for('update');
  return row ?? null;
}

/** A new family's row in the funnel (the site's form or the secretaria's), consent given at `now`. */
async function novaFamilia(tx: DbOrTx, input: InteresseBalcaoData, now: Date): Promise<{ id: string }> {
  const [created] = await tx
    .insert(interessados)
    .values({
      tipo: 'nova',
      responsavelNome: input.responsavel_nome,
      email: input.email,
      telefone: input.telefone,
      alunoNome: input.aluno_nome,
      alunoNascimento: input.aluno_nascimento,
      serie: input.serie,
      anoLetivo: input.ano_letivo,
      origem: input.origem ?? null,
      mensagem: input.mensagem ?? null,
      consentimentoEm: now,
    })
    .returning({ id: interessados.id });
  return created!;
}

/** The family's confirmation, at most one a day to the same address (the form cannot mail-bomb anyone). */
async function queueConfirmation(tx: DbOrTx, input: InteresseData): Promise<boolean> {
  const [recent] = await tx
    .select({ id: entregas.id })
    .from(entregas)
    .where(
      and(
        eq(entregas.destino, input.email),
        eq(entregas.assunto, CONFIRMATION_SUBJECT),
        gt(entregas.createdAt, clock.ago(DAY_MS)),
      ),
    )
    .limit(1);
  if (recent) return false;
  const escola = await getSchoolIdentity(tx);
  // The identity keeps the phone's digits; families read it as everywhere else, (11) 3456-7890.
  const contato = [escola.telefone ? `telefone ${formatPhone(escola.telefone)}` : null, escola.email]
    .filter(Boolean)
    .join(' ou ');
  await tx.insert(entregas).values({
    canal: 'email',
    destino: input.email,
    assunto: CONFIRMATION_SUBJECT,
    // Only the school's own words: anyone may type anyone's address on the public form, so a typed name
    // or série echoed here would let a stranger send a text of their choosing (a fake Pix charge, a link)
    // from the school's address to any family (security review, 2026-12-02).
    texto:
      'Olá.\n\n' +
      `Recebemos o seu interesse em matrícula para ${String(input.ano_letivo)} na escola ${escola.nome}. ` +
      'A secretaria vai entrar em contato para combinar uma visita e explicar os próximos passos.\n\n' +
      (contato ? `Se preferir, fale conosco: ${contato}.\n\n` : '') +
      `Usamos os dados enviados (inclusive os da criança, com a sua autorização de ${formatDate(clock.now())}) só para este contato ` +
      'e para a matrícula. Para pedir a exclusão, responda à secretaria pelos contatos do site.\n\n' +
      'Esta é uma mensagem automática.',
    proximaTentativa: clock.now(),
  });
  return true;
}
export const CONFIRMATION_SUBJECT = 'Recebemos o seu interesse em matrícula';

/** The family's confirmation e-mail, and its line on the family's timeline when one went out. */
async function confirmToFamily(tx: DbOrTx, id: string, input: InteresseData): Promise<void> {
  if (await queueConfirmation(tx, input))
    await registrarEvento(tx, id, 'email', 'Confirmação de recebimento enviada à família por e-mail.', null);
}

/**
 * The staff are told, with no name of the family in the bell or the e-mail (a notice outlives the
 * family's row when it is erased): the bell and e-mail of those who follow the funnel, and the school's
 * contact address.
 */
async function notifySchool(
  ctx: AppContext,
  tx: DbOrTx,
  id: string,
  input: InteresseData,
  repetido: boolean,
) {
  const fato = repetido
    ? `Uma família que já estava no funil escreveu de novo pelo site (${input.serie}, ${String(input.ano_letivo)}).`
    : `Uma família pediu visita ou matrícula pelo site para ${input.serie} em ${String(input.ano_letivo)}.`;
  const titulo = repetido ? 'Família interessada escreveu de novo' : 'Nova família interessada';
  await fanOut(ctx, tx, {
    recipients: staffHolding(MANAGE),
    tipo: 'matricula',
    titulo,
    texto: fato,
    link: `/dashboard/matriculas?familia=${id}`,
    email: { assunto: titulo, texto: `${fato}\nVeja os dados e a linha do tempo no funil de matrículas.` },
    sms: `${titulo}: ${fato}`,
  });
  const escola = await getSchoolIdentity(tx);
  if (escola.email && (await readSystemValues(tx)).notificacoes_email)
    await tx.insert(entregas).values({
      canal: 'email',
      destino: escola.email,
      assunto: `${titulo} (site)`,
      texto: `${fato}\n\nVeja os dados e a linha do tempo no funil de matrículas: ${ctx.config.publicUrl}/dashboard/matriculas?familia=${id}\n\nEsta é uma mensagem automática.`,
      proximaTentativa: clock.now(),
    });
}

/**
 * What the site's form offers, checked again: this school year or the next, and one of the séries the
 * school lists (when it lists them). Both are written into the staff's notices: a stranger's text there
 * ('Pós-doutorado em 2099') is refused with the form's own field errors.
 */
async function assertOffered(db: DbOrTx, input: InteresseData): Promise<void> {
  const ano = Number(clock.today().slice(0, 4));
  if (input.ano_letivo < ano || input.ano_letivo > ano + 1) {
    const message = `Escolha o ano letivo de ${String(ano)} ou de ${String(ano + 1)}.`;
    throw badRequest(message, [{ path: 'ano_letivo', message }]);
  }
  const series = (await readSiteContent(db)).content.matricula.series;
  if (series.length > 0 && !series.includes(input.serie)) {
    const message = 'Escolha uma das séries da lista.';
    throw badRequest(message, [{ path: 'serie', message }]);
  }
}

/**
 * `POST /api/interessados`: the public form. The caller answers the same 201 whatever happens here — a
 * robot's form (`isSpam`) stores nothing; a family that already has an open row for the same child and
 * year gets a line on its timeline instead of a second row — so the answer never tells whether an
 * e-mail is known. Consent (LGPD art. 14) was checked by the schema; its time is stored.
 */
export async function registrarInteresse(
  ctx: AppContext,
  input: InteresseData,
  ip: string | null,
): Promise<void> {
  if (isSpam(input)) return;
  await assertOffered(ctx.db, input);
  await ctx.db.transaction(async (tx) => {
    const now = clock.now();
    const existing = await openRowOf(tx, input);
    let id: string;
    if (existing) {
      id = existing.id;
      await tx
        .update(interessados)
        .set({ consentimentoEm: now, updatedAt: now })
        .where(eq(interessados.id, id));
      const mudou = [
        input.telefone !== existing.telefone ? `telefone ${input.telefone}` : null,
        input.serie !== existing.serie ? `série ${input.serie}` : null,
        input.responsavel_nome !== existing.responsavelNome ? `responsável ${input.responsavel_nome}` : null,
      ].filter(Boolean);
      await registrarEvento(
        tx,
        id,
        'contato',
        `A família escreveu de novo pelo site${mudou.length > 0 ? ` (${mudou.join('; ')})` : ''}.` +
          (input.mensagem ? ` Mensagem: ${input.mensagem}` : ''),
        null,
      );
    } else {
      const created = await novaFamilia(tx, input, now);
      id = created.id;
      await registrarEvento(
        tx,
        id,
        'criado',
        'Interesse registrado pelo site, com a autorização para os dados da criança.',
        null,
      );
    }
    await recordAudit(
      tx,
      { ...systemActor, ip },
      {
        action: 'registrar_interesse',
        entity: 'interessado',
        entityId: id,
        details: { serie: input.serie, ano_letivo: input.ano_letivo, repetido: existing !== null },
      },
    );
    await confirmToFamily(tx, id, input);
    await notifySchool(ctx, tx, id, input, existing !== null);
  });
}

/**
 * `POST /api/matriculas/interessados`: a family the secretaria writes down at the desk or on the phone. It
 * enters the funnel as the site's do, with the staff member on its timeline; the family gets the same
 * confirmation e-mail. The same child for the same year already open is a 409 naming the row, not a
 * second one.
 */
export async function registrarInteresseNaEscola(
  ctx: AppContext,
  input: InteresseBalcaoData,
  actor: Actor,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const existing = await openRowOf(tx, input);
    if (existing)
      throw conflict(
        `${input.aluno_nome} já está no funil de ${String(input.ano_letivo)} (etapa ${etapaFunilLabels[existing.etapa]}).`,
      );
    const created = await novaFamilia(tx, input, clock.now());
    const id = created.id;
    await registrarEvento(
      tx,
      id,
      'criado',
      'Interesse registrado pela secretaria (na escola ou por telefone), com a autorização do responsável para os dados da criança.',
      actor,
    );
    await recordAudit(tx, actor, {
      action: 'registrar_interesse',
      entity: 'interessado',
      entityId: id,
      details: { serie: input.serie, ano_letivo: input.ano_letivo, balcao: true },
    });
    await confirmToFamily(tx, id, input);
    return id;
  });
}
