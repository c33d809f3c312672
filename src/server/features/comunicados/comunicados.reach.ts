/**
 * A notice's reach: how many portal accounts receive it and which students of its audience nobody
 * receives it for (no portal access), so the school can tell those families another way.
 */
import { inArray, sql } from 'drizzle-orm';
import {
  SEM_ACESSO_LISTADOS,
  type Alcance,
  type Publico,
  type SemAcesso,
} from '../../../shared/comunicados.schemas.js';
import { compareClasses } from '../../../shared/classes.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import type { Author } from './comunicados.access.js';
import { audienceQuery, checkAudience, normalizePublico, studentsFilter } from './comunicados.audience.js';

type Rows = { rows: Record<string, unknown>[] };

/** The guardians' names and phones as the query aggregates them (JSON, the principal first). */
function contactsOf(value: unknown): SemAcesso['alunos'][number]['responsaveis'] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.map((item: { nome?: unknown; telefone?: unknown }) => ({
    nome: typeof item.nome === 'string' ? item.nome : '',
    telefone: typeof item.telefone === 'string' ? item.telefone : null,
  }));
}

/**
 * The active students of the audience that no recipient reads it for: none of their guardians has an
 * active portal account (nor, when the students are among the recipients, the student's own) — and,
 * for a notice already published, none of its deliveries names them. Only the first
 * SEM_ACESSO_LISTADOS are named; `total` counts them all. Staff-only notices have no such students.
 */
export async function semAcessoOf(
  db: DbOrTx,
  publico: Publico,
  comunicadoId: string | null = null,
): Promise<SemAcesso> {
  if (publico.tipo === 'equipe') return { total: 0, alunos: [] };
  const delivered = comunicadoId
    ? sql`and not exists (select 1 from comunicado_destinatarios d
        where d.comunicado_id = ${comunicadoId}::uuid and s.id = any(d.aluno_ids))`
    : sql``;
  const result = (await db.execute(sql`
    with alcance as (${audienceQuery(publico)})
    select s.id, s.nome, c.nome as turma, count(*) over () as total,
      coalesce((select json_agg(json_build_object('nome', g.nome, 'telefone', nullif(g.telefone, ''))
          order by sg.eh_principal desc, fold_text(g.nome))
        from student_guardians sg join guardians g on g.id = sg.responsavel_id
        where sg.aluno_id = s.id), '[]'::json) as responsaveis
    from students s left join classes c on c.id = s.turma_id
    where s.status = 'ativo' and ${studentsFilter(publico)}
      and not exists (select 1 from alcance a where s.id = any(a.aluno_ids))
      ${delivered}
    order by fold_text(s.nome), s.id
    limit ${SEM_ACESSO_LISTADOS}`)) as Rows;
  return {
    total: Number(result.rows[0]?.total ?? 0),
    alunos: result.rows.map((row) => ({
      id: String(row.id),
      nome: String(row.nome),
      turma: typeof row.turma === 'string' ? row.turma : null,
      responsaveis: contactsOf(row.responsaveis),
    })),
  };
}

/**
 * POST /api/comunicados/alcance — what 'Publicar' will do, before it is done: the classes by name, how
 * many accounts receive it in the portal, and the students whose families have no access. Asked with
 * the same reach rules as publishing (checkAudience): a teacher learns only of their own classes.
 */
export async function previewReach(db: DbOrTx, author: Author, input: Publico): Promise<Alcance> {
  const publico = normalizePublico(input);
  await checkAudience(db, author, publico);
  // Accounts, and the students they are reached for: two parents of one child are two accounts, one family.
  const [counted] = (
    (await db.execute(sql`with alcance as (${audienceQuery(publico)})
      select (select count(*)::int from alcance) as n,
        (select count(distinct aluno)::int from alcance cross join lateral unnest(alcance.aluno_ids) as aluno)
          as alunos`)) as Rows
  ).rows;
  const turmas =
    publico.tipo === 'turmas'
      ? (
          await db
            .select({ nome: classes.nome, serie: classes.serie })
            .from(classes)
            .where(inArray(classes.id, publico.turmas))
        )
          .sort(compareClasses)
          .map((turma) => turma.nome)
      : [];
  return {
    turmas,
    recebem: Number(counted?.n ?? 0),
    alunos: Number(counted?.alunos ?? 0),
    sem_acesso: await semAcessoOf(db, publico),
  };
}
