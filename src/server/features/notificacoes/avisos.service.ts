import { sql, type SQL } from 'drizzle-orm';
import { overdueBefore } from '../../../shared/calendar.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock, schoolHour } from '../../lib/clock.js';
import { rowsOf } from '../../db/rows.js';
import { descricaoCobrancaSql, referenciaNaFraseSql, tipoCobrancaSql } from '../../db/cobranca-nome.js';
import { readSystemValues } from '../settings/index.js';
import { fanOutPersonal, notifyUser } from './notificacoes.service.js';
import { lembreteConfiguracoes } from '../../db/schema/lembretes.js';

/**
 * The notices the school's own events cause (a published boletim, an absence, tuition, security),
 * each written in the transaction of its cause, so the notice exists exactly when the cause does.
 * The words are built in SQL, per family, so a whole school's publication stays a handful of inserts.
 */

/** Where a guardian sees one child's boletim and frequência (the portal opens the child's card). */
const childLink = (alunoId: SQL) => sql`'/dashboard/alunos?aluno=' || ${alunoId}::text`;

/** The joins from a student `s` to the portal accounts `g.usuario_id` of their guardians. */
const guardianAccounts = sql`
  join student_guardians sg on sg.aluno_id = s.id
  join guardians g on g.id = sg.responsavel_id and g.usuario_id is not null
  join users u on u.id = g.usuario_id and u.status = 'ativo' and u.nivel = 'responsavel'`;

const brDate = (column: SQL) => sql`to_char(${column}, 'DD/MM/YYYY')`;

/**
 * A period's boletim was published for some classes: each family with an active child in them is told
 * once (two children, one notice naming both), linking to the child's card when there is one child.
 */
export async function notifyPublishedPeriod(
  ctx: AppContext,
  tx: DbOrTx,
  event: { periodoNome: string; turmaIds: readonly string[] },
): Promise<void> {
  if (event.turmaIds.length === 0) return;
  const turmas = sql.join(
    event.turmaIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const nome = event.periodoNome;
  const filhos = sql`string_agg(distinct s.nome, ', ')`;
  await fanOutPersonal(ctx, tx, {
    tipo: 'boletim',
    recipients: sql`
      select g.usuario_id,
        ${`Boletim publicado: ${nome}`}::text as titulo,
        ('As notas do ' || ${nome}::text || ' de ' || ${filhos} || ' estão disponíveis no portal.') as texto,
        case when count(distinct s.id) = 1 then ${childLink(sql`min(s.id::text)`)} else '/dashboard/alunos' end
          as link,
        ${`Boletim do ${nome} publicado`}::text as assunto,
        ('A escola publicou o boletim do ' || ${nome}::text || ' de ' || ${filhos} || '.') as email_texto,
        ('Boletim do ' || ${nome}::text || ' publicado: ' || ${filhos} || '.') as sms
      from students s ${guardianAccounts}
      where s.status = 'ativo' and s.turma_id in (${turmas})
      group by g.usuario_id`,
  });
}

/**
 * Absences just recorded in a roll call, when the school turned 'Faltas registradas' on: the child's
 * guardians are told once per child per day — a class with a roll per lesson records several absences
 * a day, and one notice says it (the link carries the date, and a family already told is skipped).
 */
export async function notifyAbsences(
  ctx: AppContext,
  tx: DbOrTx,
  event: { alunoIds: readonly string[]; data: string; disciplina: string | null },
): Promise<void> {
  if (event.alunoIds.length === 0) return;
  if (!(await readSystemValues(tx)).notificar_faltas) return;
  const alunos = sql.join(
    event.alunoIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const link = sql`(${childLink(sql`s.id`)} || '&falta=' || ${event.data}::text)`;
  const quando = sql`${brDate(sql`${event.data}::date`)}`;
  const aula = event.disciplina ? ` (aula de ${event.disciplina})` : '';
  await fanOutPersonal(ctx, tx, {
    tipo: 'falta',
    recipients: sql`
      select g.usuario_id,
        ('Falta registrada: ' || s.nome) as titulo,
        (s.nome || ' teve falta registrada em ' || ${quando} || ${aula}::text || '.') as texto,
        ${link} as link,
        ('Falta registrada: ' || s.nome) as assunto,
        ('A escola registrou uma falta de ' || s.nome || ' em ' || ${quando} || ${aula}::text
          || E'.\nSe a falta tiver justificativa, fale com a secretaria.') as email_texto,
        ('Falta registrada: ' || s.nome || ' em ' || ${quando} || '.') as sms
      from students s ${guardianAccounts}
      where s.id in (${alunos})
        and not exists (
          select 1 from notificacoes n where n.usuario_id = g.usuario_id and n.link = ${link})`,
  });
}

/**
 * Absences taken back — a roll removed, or a correction that dropped them: a child left with no absence
 * on that day (in any roll) no longer has a 'falta' to be told of. Its notice is withdrawn from each
 * guardian's bell while unread (one already read stays: the family saw it), and its e-mail or SMS still
 * waiting in the outbox goes too, unless a worker holds it right now. Nothing new is sent: an e-mail
 * already delivered is not followed by a correction. The outbox rows are found by the notice's link,
 * which their text ends with (it names the child and the date).
 */
export async function withdrawAbsenceNotices(
  tx: DbOrTx,
  event: { alunoIds: readonly string[]; data: string },
): Promise<void> {
  if (event.alunoIds.length === 0) return;
  const alunos = sql.join(
    event.alunoIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const links = sql`
    select ${childLink(sql`s.id`)} || '&falta=' || ${event.data}::text as link
    from students s
    where s.id in (${alunos})
      and not exists (
        select 1 from attendance_absences f join attendance_rolls c on c.id = f.chamada_id
        where f.aluno_id = s.id and c.data = ${event.data}::date)`;
  await tx.execute(sql`
    delete from notificacoes n
    where n.tipo = 'falta' and n.lida_em is null and n.link in (${links})`);
  await tx.execute(sql`
    delete from entregas e
    where e.status = 'pendente'
      and (e.bloqueado_ate is null or e.bloqueado_ate < ${clock.now()})
      and exists (select 1 from (${links}) l where position(l.link in e.texto) > 0)`);
}

export const TUITION_NOTICES_JOB = 'avisos_mensalidades';

/** Tuition notices go out in the morning (São Paulo), not at midnight. */
const TUITION_NOTICES_HOUR = 8;
/** An overdue tuition older than this is not announced when the switch is first turned on. */
const OVERDUE_WINDOW_DAYS = 30;

/** The daily slot of the tuition notices: today's date from 08:00 in São Paulo, while the switch is on. */
export async function tuitionNoticesSlot(ctx: AppContext, now: Date): Promise<string | null> {
  if (schoolHour(now) < TUITION_NOTICES_HOUR) return null;
  return (await tuitionNoticesOn(ctx.db)) ? clock.today() : null;
}

/**
 * The notices are on when the school turned 'Mensalidades' on — and the automatic reminders of
 * Configurações financeiras are off: those take their place (ADR 0043), so a family is not told twice.
 */
async function tuitionNoticesOn(db: DbOrTx): Promise<boolean> {
  if (!(await readSystemValues(db)).notificar_mensalidades) return false;
  const [reminders] = await db.select({ ativo: lembreteConfiguracoes.ativo }).from(lembreteConfiguracoes);
  return !reminders?.ativo;
}

/**
 * The daily tuition notices, when the school turned 'Mensalidades' on (and has no automatic reminders): 'vence' for an open tuition due
 * today to 3 days from now, 'atraso' for one overdue (up to 30 days). Each tuition gets each kind once,
 * ever: `mensalidade_avisos` is written in the same transaction as the notices and its key skips what
 * an earlier run (a retry, another instance) already sent. Returns how many tuitions were announced.
 */
export async function runTuitionNotices(ctx: AppContext): Promise<{ vence: number; atraso: number }> {
  if (!(await tuitionNoticesOn(ctx.db))) return { vence: 0, atraso: 0 };
  const today = clock.today();
  return ctx.db.transaction(async (tx) => {
    // This run's rows are the ones stamped with its moment (one run a day; the slot is claimed once).
    const stamp = clock.now();
    const open = sql`m.cancelada_em is null and m.principal_pago < m.valor`;
    const claim = async (tipo: 'vence' | 'atraso', due: SQL) => {
      const rows = await tx.execute(sql`
        insert into mensalidade_avisos (mensalidade_id, tipo, created_at)
        select m.id, ${tipo}, ${stamp} from mensalidades m where ${open} and ${due}
        on conflict do nothing
        returning mensalidade_id`);
      return rowsOf(rows).length;
    };
    const vence = await claim('vence', sql`m.data_vencimento between ${today}::date and ${today}::date + 3`);
    const atraso = await claim(
      'atraso',
      sql`m.data_vencimento < ${overdueBefore(today)}::date and m.data_vencimento >= ${today}::date - ${OVERDUE_WINDOW_DAYS}::int`,
    );
    // The charge named as everywhere else (descricaoCobranca, ADR 0094): 'Mensalidade de março de
    // 2026' or 'Taxa de matrícula 2027'; 'A mensalidade de…' / 'A taxa de matrícula…' in a sentence.
    const nome = descricaoCobrancaSql('m');
    const naFrase = sql`('A ' || ${referenciaNaFraseSql('m')})`;
    const especie = tipoCobrancaSql('m');
    const valor = sql`('R$ ' || translate(to_char((m.valor - m.principal_pago) / 100.0, 'FM999,999,990.00'), ',.', '.,'))`;
    const venc = brDate(sql`m.data_vencimento`);
    const ofRun = (tipo: 'vence' | 'atraso') => sql`
      from mensalidade_avisos a
      join mensalidades m on m.id = a.mensalidade_id
      join students s on s.id = m.aluno_id ${guardianAccounts}
      where a.tipo = ${tipo} and a.created_at = ${stamp}`;
    if (vence > 0)
      await fanOutPersonal(ctx, tx, {
        tipo: 'mensalidade',
        recipients: sql`
          select distinct g.usuario_id,
            (${especie} || ' a vencer: ' || s.nome) as titulo,
            (${naFrase} || ' de ' || s.nome || ' (' || ${valor} || ') vence em ' || ${venc} || '.') as texto,
            '/dashboard/financeiro'::text as link,
            (${nome} || ' vence em ' || ${venc}) as assunto,
            (${naFrase} || ' de ' || s.nome || ', no valor de ' || ${valor} || ', vence em '
              || ${venc} || E'.\nNo portal você encontra o Pix e o boleto. Se já pagou, desconsidere.') as email_texto,
            (${nome} || ' de ' || s.nome || ' vence em ' || ${venc} || '.') as sms
          ${ofRun('vence')}`,
      });
    if (atraso > 0)
      await fanOutPersonal(ctx, tx, {
        tipo: 'mensalidade',
        recipients: sql`
          select distinct g.usuario_id,
            (${especie} || ' em atraso: ' || s.nome) as titulo,
            (${naFrase} || ' de ' || s.nome || ' venceu em ' || ${venc} || ' e está em aberto.') as texto,
            '/dashboard/financeiro'::text as link,
            (${nome} || ' em atraso') as assunto,
            (${naFrase} || ' de ' || s.nome || ' venceu em ' || ${venc}
              || E' e consta em aberto.\nNo portal você vê o valor atualizado e pode pagar. Se já pagou, desconsidere.')
              as email_texto,
            (${nome} || ' de ' || s.nome || ' em atraso desde ' || ${venc} || '.') as sms
          ${ofRun('atraso')}`,
      });
    return { vence, atraso };
  });
}

/** Where a person sees their account's security: changing the password is the remedy for both notices. */
const SECURITY_LINK = '/trocar-senha';

/**
 * How a password changed: by its owner (signed in, or through the e-mailed link of 'Esqueci minha
 * senha') or by an administrator (Usuários → Redefinir senha). Each is told in its own words.
 */
export type PasswordChange = 'pelo_titular' | 'pelo_administrador';

export function notifyPasswordChanged(
  ctx: AppContext,
  tx: DbOrTx,
  usuarioId: string,
  how: PasswordChange = 'pelo_titular',
): Promise<void> {
  if (how === 'pelo_administrador')
    return notifyUser(ctx, tx, usuarioId, {
      tipo: 'seguranca',
      titulo: 'Sua senha foi redefinida pela escola',
      texto:
        'Um administrador da escola redefiniu a senha da sua conta. Se você não pediu, fale com a secretaria imediatamente.',
      link: SECURITY_LINK,
      email: {
        assunto: 'Sua senha foi redefinida pela escola',
        texto:
          'Um administrador da escola acabou de redefinir a senha da sua conta no portal; no próximo acesso, com a senha provisória, o portal pede que você escolha uma nova.\nSe você não pediu essa redefinição, avise a secretaria imediatamente.',
      },
      sms: 'A senha da sua conta no portal da escola foi redefinida por um administrador. Se você não pediu, avise a secretaria.',
    });
  return notifyUser(ctx, tx, usuarioId, {
    tipo: 'seguranca',
    titulo: 'Sua senha foi alterada',
    texto: 'A senha da sua conta foi alterada. Se não foi você, fale com a secretaria imediatamente.',
    link: SECURITY_LINK,
    email: {
      assunto: 'Sua senha foi alterada',
      texto:
        'A senha da sua conta no portal da escola acabou de ser alterada. Se foi você, nada a fazer.\nSe não foi você, redefina a senha pela opção "Esqueci minha senha" e avise a secretaria.',
    },
    sms: 'A senha da sua conta no portal da escola foi alterada. Se não foi você, avise a secretaria.',
  });
}

/** The new-device notice's title: its cap counts these rows (security-notices.service.ts). */
export const NEW_DEVICE_TITLE = 'Novo acesso à sua conta';

export function notifyNewDevice(
  ctx: AppContext,
  tx: DbOrTx,
  usuarioId: string,
  device: { navegador: string; quando: string },
): Promise<void> {
  return notifyUser(ctx, tx, usuarioId, {
    tipo: 'seguranca',
    titulo: NEW_DEVICE_TITLE,
    texto: `Sua conta foi acessada de um dispositivo novo (${device.navegador}) em ${device.quando}. Se não foi você, troque sua senha.`,
    link: SECURITY_LINK,
    email: {
      assunto: 'Novo acesso à sua conta',
      texto: `Sua conta no portal da escola foi acessada de um dispositivo que ainda não conhecíamos (${device.navegador}) em ${device.quando}.\nSe foi você, nada a fazer. Se não foi, troque sua senha agora e avise a secretaria.`,
    },
    sms: 'Novo acesso à sua conta no portal da escola. Se não foi você, troque sua senha.',
  });
}
