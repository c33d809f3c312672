/**
 * The school's choices for the online rematrícula (Lei 9.870/1999): refuse renewal to families in
 * default (art. 5º) and the message they see; and whether the year-end rematrícula applies only the
 * families who signed online. Documents are never withheld for debt (art. 6º): nothing here touches them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { overdueBefore } from '../../../shared/calendar.js';
import {
  MENSAGEM_INADIMPLENCIA_PADRAO,
  PAGAMENTO_EM_CONFIRMACAO_REMATRICULA,
  type MatriculasConfig,
  type matriculasConfigInputSchema,
} from '../../../shared/anuidades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { matriculasConfiguracoes, rematriculaRodadas } from '../../db/schema/anuidades.js';
import { mensalidades } from '../../db/schema/finance.js';
import { interessados } from '../../db/schema/matriculas.js';
import { studentGuardians, students } from '../../db/schema/students.js';
import { assertVersion } from '../../lib/versioning.js';
import { clock } from '../../lib/clock.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';

const defaults: MatriculasConfig = {
  recusar_inadimplentes: false,
  mensagem_inadimplencia: MENSAGEM_INADIMPLENCIA_PADRAO,
  rematricula_aplica: 'todos',
  version: 0,
};

export async function getMatriculasConfig(db: DbOrTx): Promise<MatriculasConfig> {
  const [row] = await db.select().from(matriculasConfiguracoes).where(eq(matriculasConfiguracoes.id, 1));
  if (!row) return defaults;
  return {
    recusar_inadimplentes: row.recusarInadimplentes,
    mensagem_inadimplencia: row.mensagemInadimplencia,
    rematricula_aplica: row.rematriculaAplica,
    version: row.version,
  };
}

export async function salvarMatriculasConfig(
  db: DbOrTx,
  input: z.output<typeof matriculasConfigInputSchema>,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<MatriculasConfig> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(matriculasConfiguracoes)
      .where(eq(matriculasConfiguracoes.id, 1))
      .for('update');
    // Version 0 is the defaults before anyone saved: there is no earlier read to be stale against.
    if (current) assertVersion(expectedVersion, current.version);
    const values = {
      recusarInadimplentes: input.recusar_inadimplentes,
      mensagemInadimplencia: input.mensagem_inadimplencia,
      rematriculaAplica: input.rematricula_aplica,
      updatedAt: clock.now(),
    };
    await tx
      .insert(matriculasConfiguracoes)
      .values({ id: 1, ...values, version: 1 })
      .onConflictDoUpdate({
        target: matriculasConfiguracoes.id,
        set: { ...values, version: sql`${matriculasConfiguracoes.version} + 1` },
      });
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'rematricula_online',
      entityId: 'configuracao',
      details: {
        recusar_inadimplentes: input.recusar_inadimplentes,
        rematricula_aplica: input.rematricula_aplica,
      },
    });
  });
  return getMatriculasConfig(db);
}

/**
 * The students among `alunoIds` whose family is in default: an open mensalidade past its due date of
 * the student or of a sibling under the same guardian (the family pays for both). A cancelled tuition
 * does not count. One awaiting the school's answer to a comprovante ('Já paguei') still does, as it does
 * for the school everywhere else (docs/finance.md): any image sent as a comprovante would otherwise lift
 * the art. 5º refusal, and the form sent meanwhile is not checked again when the comprovante is refused.
 */
export async function alunosInadimplentes(
  db: DbOrTx,
  alunoIds: readonly string[],
  { semConfirmacao = false }: { semConfirmacao?: boolean } = {},
): Promise<Set<string>> {
  if (alunoIds.length === 0) return new Set();
  const today = clock.today();
  const ids = sql.join(
    alunoIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select distinct s.id
    from ${students} s
    left join ${studentGuardians} mine on mine.aluno_id = s.id
    left join ${studentGuardians} other on other.responsavel_id = mine.responsavel_id
    where s.id in (${ids})
      and exists (
        select 1 from ${mensalidades} m
        where (m.aluno_id = s.id or m.aluno_id = other.aluno_id)
          and m.cancelada_em is null
          ${semConfirmacao ? sql`and m.confirmacao_desde is null` : sql``}
          and m.principal_pago + m.desconto_concedido < m.valor
          and m.data_vencimento < ${overdueBefore(today)}
      )`);
  return new Set((result as { rows: { id: string }[] }).rows.map((row) => row.id));
}

/**
 * The art. 5º message a family in default sees on the pré-matrícula form of the online rematrícula,
 * or null (the school does not refuse renewal, or the family owes nothing). The pré-matrícula part
 * calls it with the student of a `tipo` 'rematricula' row and refuses the submission while it is set.
 */
export async function avisoInadimplencia(db: DbOrTx, alunoId: string): Promise<string | null> {
  const config = await getMatriculasConfig(db);
  if (!config.recusar_inadimplentes) return null;
  const devedores = await alunosInadimplentes(db, [alunoId]);
  if (!devedores.has(alunoId)) return null;
  // Still refused while the school has not confirmed (ADR 0073), but a family that only waits for that
  // confirmation is told so, not that it owes.
  const semConfirmacao = await alunosInadimplentes(db, [alunoId], { semConfirmacao: true });
  return semConfirmacao.has(alunoId) ? config.mensagem_inadimplencia : PAGAMENTO_EM_CONFIRMACAO_REMATRICULA;
}

/**
 * For the year-end rematrícula (registered with the grades module at startup): when the school chose
 * to apply only the families who signed and a round of `proximoAno` exists, the students whose family
 * signed next year's contract (stage `contrato_assinado` or `matriculado`); otherwise null (everyone).
 */
export async function assinadosDaRodada(db: DbOrTx, proximoAno: number): Promise<ReadonlySet<string> | null> {
  const config = await getMatriculasConfig(db);
  if (config.rematricula_aplica !== 'assinados') return null;
  const [rodada] = await db
    .select()
    .from(rematriculaRodadas)
    .where(eq(rematriculaRodadas.anoLetivo, proximoAno));
  if (!rodada) return null;
  const rows = await db
    .select({ alunoId: interessados.alunoId })
    .from(interessados)
    .where(
      and(
        eq(interessados.tipo, 'rematricula'),
        eq(interessados.anoLetivo, proximoAno),
        inArray(interessados.etapa, ['contrato_assinado', 'matriculado']),
      ),
    );
  return new Set(rows.flatMap((row) => (row.alunoId ? [row.alunoId] : [])));
}
