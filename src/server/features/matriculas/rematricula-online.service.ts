/**
 * The online rematrícula round (issue 34 §3): every current family gets the pré-matrícula link for
 * next year (an `interessados` row of `tipo` 'rematricula' with the student, at the série the
 * rematrícula proposal would move them to); the staff follow who opened, submitted, signed and paid,
 * and remind the pending ones (one reminder per family per day).
 */
import { folded } from '../../lib/text-search.js';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  FamiliaRematricula,
  RodadaRematricula,
  StatusRematricula,
} from '../../../shared/anuidades.schemas.js';
import { statusRematricula } from '../../../shared/anuidades.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { rematriculaLembretes, rematriculaRodadas } from '../../db/schema/anuidades.js';
import { classes } from '../../db/schema/classes.js';
import { mensalidades } from '../../db/schema/finance.js';
import { interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { nextSerieOf } from '../grades/index.js';
import { alunosInadimplentes, getMatriculasConfig } from './anuidades.config.js';
import { registrarEvento } from './funil.service.js';
import { enviarConvite } from './pre-matricula.service.js';

/** The seam that mails a family the pré-matrícula link (pre-matricula.service.ts builds it). */
export type EnviarConvite = (ctx: AppContext, interessadoId: string, actor: Actor) => Promise<unknown>;

const ASSINADO = ['contrato_assinado', 'matriculado'] as const;

/**
 * `POST /api/matriculas/rematricula-online { ano_letivo }`: starts the round of `ano` (or adds the
 * students who are not in it yet) and sends each new family — and any whose link never went out —
 * the pré-matrícula link. Families in default still get the link: the form shows them the school's
 * art. 5º message when the school refuses their renewal.
 */
export async function iniciarRodada(
  ctx: AppContext,
  ano: number,
  actor: Actor,
  enviar: EnviarConvite = enviarConvite,
): Promise<{ criadas: number; convites_enviados: number; convites_falhos: number; inadimplentes: number }> {
  const config = await getMatriculasConfig(ctx.db);
  const { criadas, semConvite } = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(rematriculaRodadas)
      .values({ anoLetivo: ano, iniciadaEm: clock.now() })
      .onConflictDoNothing();
    // One round per year at a time: a second start waits and then finds the rows the first created.
    await tx.select().from(rematriculaRodadas).where(eq(rematriculaRodadas.anoLetivo, ano)).for('update');
    const origem = await tx
      .select()
      .from(classes)
      .where(and(eq(classes.anoLetivo, String(ano - 1)), ne(classes.status, 'inativo')));
    const destino = await tx
      .select({ nivel: classes.nivel })
      .from(classes)
      .where(eq(classes.anoLetivo, String(ano)));
    const offersMedio = [...origem, ...destino].some((turma) => turma.nivel === 'Ensino Médio');
    const turmaById = new Map(origem.map((turma) => [turma.id, turma]));
    const alunos =
      origem.length === 0
        ? []
        : await tx
            .select()
            .from(students)
            .where(
              and(
                eq(students.status, 'ativo'),
                inArray(
                  students.turmaId,
                  origem.map((turma) => turma.id),
                ),
              ),
            )
            .orderBy(asc(folded(students.nome)));
    const ja = await tx
      .select({ alunoId: interessados.alunoId })
      .from(interessados)
      .where(and(eq(interessados.tipo, 'rematricula'), eq(interessados.anoLetivo, ano)));
    const jaNaRodada = new Set(ja.map((row) => row.alunoId));
    const novos = alunos.filter((aluno) => !jaNaRodada.has(aluno.id));
    const responsaveis =
      novos.length === 0
        ? []
        : await tx
            .select({
              alunoId: studentGuardians.alunoId,
              principal: studentGuardians.ehPrincipal,
              guardian: guardians,
            })
            .from(studentGuardians)
            .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
            .where(
              inArray(
                studentGuardians.alunoId,
                novos.map((aluno) => aluno.id),
              ),
            )
            .orderBy(sql`${studentGuardians.ehPrincipal} desc`, asc(studentGuardians.createdAt));
    const devedores = config.recusar_inadimplentes
      ? await alunosInadimplentes(
          tx,
          novos.map((aluno) => aluno.id),
        )
      : new Set<string>();
    let criadas = 0;
    for (const aluno of novos) {
      const turma = turmaById.get(aluno.turmaId!)!;
      const serie = nextSerieOf(turma, offersMedio);
      // Concluintes (the last série the school offers) have no next year here.
      if (serie === null) continue;
      // The link goes to a guardian (the principal first) with an e-mail: the form shows the family's
      // names and the contract is theirs to sign. Never to the student's own e-mail: a child would get it
      // (ADR 0090); a family with no e-mail stays 'link não enviado' for the secretaria.
      const daFamilia = responsaveis.filter((row) => row.alunoId === aluno.id);
      const responsavel = (daFamilia.find((row) => row.guardian.email) ?? daFamilia[0])?.guardian;
      const [row] = await tx
        .insert(interessados)
        .values({
          tipo: 'rematricula',
          responsavelNome: responsavel?.nome ?? aluno.nome,
          email: (responsavel?.email ?? '').toLowerCase(),
          telefone: responsavel?.telefone ?? '',
          alunoNome: aluno.nome,
          alunoNascimento: aluno.dataNascimento,
          serie,
          anoLetivo: ano,
          alunoId: aluno.id,
        })
        .returning({ id: interessados.id });
      await registrarEvento(
        tx,
        row!.id,
        'criado',
        `Incluída na rematrícula online de ${String(ano)} (${serie}, vindo de ${turma.nome}).`,
        actor,
      );
      if (devedores.has(aluno.id))
        await registrarEvento(
          tx,
          row!.id,
          'nota',
          'Família com mensalidade ou taxa de matrícula em atraso: o formulário mostrará a mensagem do art. 5º da Lei 9.870 que a escola configurou e não aceitará a rematrícula até a regularização.',
          null,
        );
      criadas++;
    }
    await recordAudit(tx, actor, {
      action: 'criar',
      entity: 'rematricula_online',
      entityId: String(ano),
      details: { ano_letivo: ano, familias_incluidas: criadas },
    });
    const semConvite = await tx
      .select({ id: interessados.id, email: interessados.email })
      .from(interessados)
      .leftJoin(preMatriculas, eq(preMatriculas.interessadoId, interessados.id))
      .where(
        and(
          eq(interessados.tipo, 'rematricula'),
          eq(interessados.anoLetivo, ano),
          eq(interessados.etapa, 'interessado'),
          sql`${preMatriculas.id} is null`,
        ),
      );
    return { criadas, semConvite };
  });
  let enviados = 0;
  let falhos = 0;
  for (const familia of semConvite) {
    if (await tentarEnviar(ctx, familia, actor, enviar)) enviados++;
    else falhos++;
  }
  const rodada = await obterRodada(ctx.db, ano);
  return {
    criadas,
    convites_enviados: enviados,
    convites_falhos: falhos,
    inadimplentes: rodada.familias.filter((familia) => familia.inadimplente).length,
  };
}

/** Sends one family's link; a family with no e-mail or a failed sending stays 'link não enviado'. */
async function tentarEnviar(
  ctx: AppContext,
  familia: { id: string; email: string },
  actor: Actor,
  enviar: EnviarConvite,
): Promise<boolean> {
  if (!familia.email) return false;
  try {
    await enviar(ctx, familia.id, actor);
    return true;
  } catch (error) {
    ctx.log.warn(
      { interessadoId: familia.id, code: (error as { code?: string }).code },
      'convite de rematrícula não enviado',
    );
    return false;
  }
}

function statusOf(row: {
  etapa: string;
  temConvite: boolean;
  abertoEm: Date | null;
  enviadoEm: Date | null;
  pago: boolean;
}): StatusRematricula {
  if (row.etapa === 'perdido') return 'perdido';
  if (row.pago && (ASSINADO as readonly string[]).includes(row.etapa)) return 'pago';
  if ((ASSINADO as readonly string[]).includes(row.etapa)) return 'assinado';
  if (row.enviadoEm) return 'enviado';
  if (row.abertoEm) return 'aberto';
  if (row.temConvite) return 'convidado';
  return 'sem_convite';
}

/** Waiting on the family: the link not opened or not submitted, or the contract not signed. */
const isPendente = (status: StatusRematricula, etapa: string) =>
  status === 'sem_convite' ||
  status === 'convidado' ||
  status === 'aberto' ||
  (status === 'enviado' && etapa === 'contrato_enviado');

/** `GET /api/matriculas/rematricula-online?ano_letivo=`: the round, per family, with the filters. */
export async function obterRodada(
  db: DbOrTx,
  ano: number,
  filtros: { status?: StatusRematricula | 'pendentes'; serie?: string; busca?: string } = {},
): Promise<Omit<RodadaRematricula, 'email_configurado'>> {
  const [rodada] = await db.select().from(rematriculaRodadas).where(eq(rematriculaRodadas.anoLetivo, ano));
  const rows = await db
    .select({
      id: interessados.id,
      alunoId: interessados.alunoId,
      alunoNome: interessados.alunoNome,
      serie: interessados.serie,
      responsavelNome: interessados.responsavelNome,
      email: interessados.email,
      etapa: interessados.etapa,
      temConvite: sql<boolean>`${preMatriculas.id} is not null`,
      abertoEm: preMatriculas.abertoEm,
      enviadoEm: preMatriculas.enviadoEm,
      // Subqueries written out with aliases, so each column names its own table. Epoch seconds: the
      // one timestamp form both drivers hand back alike.
      ultimoLembrete: sql<
        string | number | null
      >`(select extract(epoch from max(l.enviado_em)) from ${rematriculaLembretes} l where l.interessado_id = "interessados"."id")`,
      // Paid: the fee recorded before the enrolment (ADR 0049), or an instalment of the new year settled
      // (the enrolment generates them by the plan; at rematrícula the fee rides on the first one).
      pago: sql<boolean>`(${preMatriculas.pagamentoEm} is not null or exists (select 1 from ${mensalidades} m where m.aluno_id = "interessados"."aluno_id" and m.mes_referencia like ${`${String(ano)}-%`} and m.cancelada_em is null and m.principal_pago > 0))`,
    })
    .from(interessados)
    .leftJoin(preMatriculas, eq(preMatriculas.interessadoId, interessados.id))
    .where(and(eq(interessados.tipo, 'rematricula'), eq(interessados.anoLetivo, ano)))
    .orderBy(asc(interessados.serie), asc(interessados.alunoNome));
  const devedores = await alunosInadimplentes(
    db,
    rows.flatMap((row) => (row.alunoId ? [row.alunoId] : [])),
  );
  const familias: FamiliaRematricula[] = rows.map((row) => {
    const status = statusOf({ ...row, temConvite: row.temConvite, pago: row.pago });
    return {
      id: row.id,
      aluno_id: row.alunoId,
      aluno_nome: row.alunoNome,
      serie: row.serie,
      responsavel_nome: row.responsavelNome,
      email: row.email,
      etapa: row.etapa,
      status,
      pendente: isPendente(status, row.etapa),
      inadimplente: row.alunoId !== null && devedores.has(row.alunoId),
      aberto_em: row.abertoEm?.toISOString() ?? null,
      enviado_em: row.enviadoEm?.toISOString() ?? null,
      ultimo_lembrete_em:
        row.ultimoLembrete === null ? null : new Date(Number(row.ultimoLembrete) * 1000).toISOString(),
    };
  });
  const contagem = Object.fromEntries(statusRematricula.map((status) => [status, 0])) as Record<
    StatusRematricula,
    number
  >;
  for (const familia of familias) contagem[familia.status]++;
  const busca = filtros.busca?.toLocaleLowerCase('pt-BR');
  const filtradas = familias.filter(
    (familia) =>
      (filtros.status === undefined ||
        (filtros.status === 'pendentes' ? familia.pendente : familia.status === filtros.status)) &&
      (!filtros.serie || familia.serie === filtros.serie) &&
      (!busca ||
        familia.aluno_nome.toLocaleLowerCase('pt-BR').includes(busca) ||
        familia.responsavel_nome.toLocaleLowerCase('pt-BR').includes(busca)),
  );
  return {
    ano_letivo: ano,
    iniciada_em: rodada?.iniciadaEm.toISOString() ?? null,
    contagem,
    pendentes: familias.filter((familia) => familia.pendente).length,
    familias: filtradas,
  };
}

/**
 * `POST /api/matriculas/rematricula-online/lembretes`: reminds the pending families (or the ones
 * chosen), at most once a family a day. A family that has not submitted the form gets the link again
 * (a new link: the old one stops working, the draft stays); one whose contract awaits signature gets a
 * note to sign it from the e-mail it received.
 */
export async function enviarLembretes(
  ctx: AppContext,
  ano: number,
  ids: readonly string[] | undefined,
  actor: Actor,
  enviar: EnviarConvite = enviarConvite,
): Promise<{ enviados: number; ja_lembrados_hoje: number; falhas: number }> {
  const rodada = await obterRodada(ctx.db, ano, { status: 'pendentes' });
  const escolhidas = ids ? new Set(ids) : null;
  const alvo = rodada.familias.filter((familia) => !escolhidas || escolhidas.has(familia.id));
  const today = clock.today();
  const escola = await ctx.getSchoolName();
  const result = { enviados: 0, ja_lembrados_hoje: 0, falhas: 0 };
  for (const familia of alvo) {
    const [marcado] = await ctx.db
      .insert(rematriculaLembretes)
      .values({ interessadoId: familia.id, dia: today, enviadoEm: clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!marcado) {
      result.ja_lembrados_hoje++;
      continue;
    }
    let ok = false;
    if (familia.etapa === 'contrato_enviado' && familia.email) {
      ok = await ctx.mailer
        .send({
          to: familia.email,
          subject: `Rematrícula ${String(ano)}: o contrato aguarda a sua assinatura`,
          text:
            `Olá, ${familia.responsavel_nome}.\n\n` +
            `O contrato de rematrícula de ${familia.aluno_nome} para ${String(ano)} (${familia.serie}) ` +
            'foi enviado e aguarda a sua assinatura. Abra o link "Assinar contrato" do e-mail que você ' +
            'recebeu da escola; se não o encontrar, responda a esta mensagem ou fale com a secretaria.\n\n' +
            `${escola}\n`,
        })
        .then(() => true)
        .catch(() => false);
    } else {
      ok = await tentarEnviar(ctx, familia, actor, enviar);
    }
    if (!ok) {
      // Not sent: the family may be reminded again today.
      await ctx.db
        .delete(rematriculaLembretes)
        .where(and(eq(rematriculaLembretes.interessadoId, familia.id), eq(rematriculaLembretes.dia, today)));
      result.falhas++;
      continue;
    }
    await registrarEvento(ctx.db, familia.id, 'email', 'Lembrete de rematrícula enviado.', actor);
    result.enviados++;
  }
  if (result.enviados > 0)
    await recordAudit(ctx.db, actor, {
      action: 'enviar',
      entity: 'rematricula_online',
      entityId: String(ano),
      details: { lembretes: result.enviados },
    });
  return result;
}
