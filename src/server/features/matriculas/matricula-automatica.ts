/**
 * The automatic enrolment (issue 34 §2, last paragraph): once the contract is signed (and, when the
 * school sets it, the fee paid — ADR 0049), the pré-matrícula becomes a student in a class, guardians
 * with portal accounts, and the year's charges by the plan. One transaction; idempotent.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type FormaPagamento } from '../../../shared/mensalidades.schemas.js';
import { todayIso } from '../../../shared/format.js';
import { preMatriculaDadosSchema } from '../../../shared/matriculas.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit, systemActor } from '../audit/index.js';
import {
  forgetSharedReads,
  generateMensalidades,
  generatePlanoMensalidades,
  wakePixSync,
} from '../finance/index.js';
import { createStudentIn, updateStudentIn } from '../students/index.js';
import { sendWelcomeMail } from '../users/index.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { type StudentRow } from '../../db/schema/students.js';
import { interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { planoPorId } from './anuidades.service.js';
import {
  alunoExistente,
  atualizarContato,
  conferirResponsaveis,
  enderecoDoResponsavel,
  enderecoEmLinha,
  guardianData,
  responsavelNaoVinculado,
  vincularResponsaveis,
  type Welcome,
} from './matricula-familia.js';
import { findInteressado, lockInteressado, mudarEtapa, registrarEvento } from './funil.service.js';
import { loadMatriculaOnlineConfig } from './pre-matricula.config.js';
import { comCadastro } from './rematricula-cadastro.js';
import { enviarAvisos, registrarAviso, type AvisoFamilia } from './matricula-avisos.js';

type InteressadoRow = typeof interessados.$inferSelect;

export interface MatriculaOutcome {
  matriculado: boolean;
  alunoId: string | null;
  turmaId?: string | null;
  motivo?: string;
}

export const AGUARDANDO_PAGAMENTO = 'Aguardando o pagamento da taxa de matrícula (ou da primeira parcela).';
export const TAXA_NO_FINANCEIRO =
  'A escola não exige o pagamento antes da matrícula: a taxa de matrícula é cobrada depois dela e recebida em Financeiro → Mensalidades.';

/**
 * Places taken in a class: its active students plus the families enrolled online for it whose student
 * is not in it yet (a rematrícula waits for the year-end move).
 */
async function ocupacao(tx: DbOrTx, turmaId: string): Promise<number> {
  const result = (await tx.execute(sql`
    select (select count(*) from students s where s.turma_id = ${turmaId} and s.status = 'ativo')
      + (select count(*) from interessados i
          left join students s on s.id = i.aluno_id
          where i.turma_id = ${turmaId} and i.etapa = 'matriculado'
            and (s.id is null or s.turma_id is distinct from ${turmaId} or s.status <> 'ativo'))
      as total`)) as { rows: { total: number | string }[] };
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * The class chosen, else the first class of the série and year with a free place; `cheias`: every class
 * of the série is full (a waiting list), `nenhuma`: the school has not opened one for that year yet.
 */
async function escolherTurma(
  tx: DbOrTx,
  interessado: InteressadoRow,
  aluno: StudentRow | null,
): Promise<ClassRow | 'cheias' | 'nenhuma'> {
  const candidates = interessado.turmaId
    ? await tx.select().from(classes).where(eq(classes.id, interessado.turmaId))
    : await tx
        .select()
        .from(classes)
        .where(
          and(
            eq(classes.status, 'ativo'),
            eq(classes.anoLetivo, String(interessado.anoLetivo)),
            sql`lower(trim(${classes.serie})) = lower(trim(${interessado.serie}))`,
          ),
        )
        .orderBy(asc(classes.nome), asc(classes.id));
  for (const turma of candidates) {
    if (aluno?.turmaId === turma.id && aluno.status === 'ativo') return turma;
    // Locked in id order with the count: two enrolments racing for the last place are serialised.
    await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, turma.id)).for('update');
    if ((await ocupacao(tx, turma.id)) < turma.capacidadeMaxima) return turma;
  }
  return candidates.length === 0 ? 'nenhuma' : 'cheias';
}

function naoMatriculou(motivo: string, aluno: string | null = null): MatriculaOutcome {
  return { matriculado: false, alunoId: aluno, motivo };
}

/**
 * Enrols the family's student when everything the school requires is done: the contract signed by
 * every signer (stage `contrato_assinado`) and (when the school sets it) the fee or first instalment
 * paid. Student and guardians created or updated (matched by CPF; the student also by the
 * rematrícula's `aluno_id`), placed in the class (capacity respected, waiting list otherwise),
 * guardians' portal accounts (invitation e-mail), the year's charges by the plan. Idempotent: called
 * after the last signature and after a payment; a second call answers what the first did.
 */
export async function matricularSePronto(
  ctx: AppContext,
  interessadoId: string,
  options: {
    actor?: Actor;
    /** Where the chosen plan is read (the anuidades seam; a test gives its own plan). */
    planoPorId?: typeof planoPorId;
    /**
     * Nobody is on a screen to read why the enrolment stopped (the last signature, on the signer's
     * public page): the family's timeline says it, for the secretaria who opens the funnel.
     */
    anotarMotivo?: boolean;
  } = {},
): Promise<{ matriculado: boolean; alunoId: string | null; motivo?: string; turmaId?: string | null }> {
  const actor = options.actor ?? systemActor;
  const welcomes: Welcome[] = [];
  const avisos: AvisoFamilia[] = [];
  let outcome: MatriculaOutcome;
  try {
    const plano = options.planoPorId ?? planoPorId;
    outcome = await ctx.db.transaction((tx) =>
      matricular(ctx, tx, interessadoId, { actor, welcomes, avisos, planoPorId: plano }),
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'NOT_FOUND') throw error;
    // A refusal from the records (an e-mail of a staff account, a class just filled): nothing was
    // written; the family's timeline says why, and the secretaria can fix it and click again.
    const motivo = error.message;
    await ctx.db.transaction((tx) =>
      registrarEvento(tx, interessadoId, 'matricula', `A matrícula não foi concluída: ${motivo}`, null),
    );
    return { matriculado: false, alunoId: null, motivo };
  } finally {
    forgetSharedReads(ctx.db);
  }
  // The waiting list wrote its own line (and told the family) the first time.
  const { motivo } = outcome;
  if (options.anotarMotivo && !outcome.matriculado && motivo && avisos.length === 0)
    await ctx.db.transaction((tx) =>
      registrarEvento(tx, interessadoId, 'matricula', `A matrícula ainda não foi concluída: ${motivo}`, null),
    );
  for (const welcome of welcomes) await sendWelcomeMail(ctx, welcome.usuario, welcome.senha);
  if (avisos.length > 0) await enviarAvisos(ctx, await findInteressado(ctx.db, interessadoId), avisos);
  // The year's charges were just written: with Pix automático on, the fee's dynamic code is at the bank
  // by the time the family opens the welcome e-mail, not at the sync's next minute.
  if (outcome.matriculado) await wakePixSync(ctx);
  return outcome;
}

async function matricular(
  ctx: AppContext,
  tx: Tx,
  interessadoId: string,
  {
    actor,
    welcomes,
    avisos,
    planoPorId: lerPlano,
  }: { actor: Actor; welcomes: Welcome[]; avisos: AvisoFamilia[]; planoPorId: typeof planoPorId },
): Promise<MatriculaOutcome> {
  const interessado = await lockInteressado(tx, interessadoId);
  if (interessado.etapa === 'matriculado')
    return { matriculado: true, alunoId: interessado.alunoId, turmaId: interessado.turmaId };
  if (interessado.etapa !== 'contrato_assinado')
    return naoMatriculou('O contrato ainda não foi assinado por todos.', interessado.alunoId);
  const [pre] = await tx
    .select()
    .from(preMatriculas)
    .where(eq(preMatriculas.interessadoId, interessadoId))
    .for('update');
  if (!pre?.enviadoEm)
    return naoMatriculou('A família ainda não enviou a pré-matrícula.', interessado.alunoId);
  const config = await loadMatriculaOnlineConfig(tx);
  if (config.exigir_pagamento && !pre.pagamentoEm)
    return naoMatriculou(AGUARDANDO_PAGAMENTO, interessado.alunoId);
  const dados = await comCadastro(tx, interessado, preMatriculaDadosSchema.parse(pre.dados));
  const financeiro = dados.responsaveis.find((item) => item.financeiro);
  if (!financeiro || !dados.aluno.data_nascimento)
    return naoMatriculou('A pré-matrícula está incompleta (aluno ou responsável financeiro).');

  const conferencia = await conferirResponsaveis(tx, interessado, dados);
  const existente = await alunoExistente(tx, interessado, dados, conferencia.comprovados);
  const turma = await escolherTurma(tx, interessado, existente);
  // Not a waiting list: the year's classes are often opened after the enrolments begin.
  if (turma === 'nenhuma')
    return naoMatriculou(
      `Ainda não há turma de ${interessado.serie} em ${String(interessado.anoLetivo)}: crie a turma em Turmas e clique em Matricular agora.`,
      interessado.alunoId,
    );
  if (turma === 'cheias') {
    const motivo = `Sem vaga nas turmas de ${interessado.serie} de ${String(interessado.anoLetivo)}: a família está na lista de espera.`;
    if (!pre.listaEsperaEm) {
      const desde = clock.now();
      await tx.update(preMatriculas).set({ listaEsperaEm: desde }).where(eq(preMatriculas.id, pre.id));
      await registrarEvento(tx, interessadoId, 'matricula', motivo, null);
      const aviso: AvisoFamilia = { tipo: 'lista_espera', desde, alunoNome: dados.aluno.nome.trim() };
      await registrarAviso(tx, interessado, aviso);
      avisos.push(aviso);
    }
    return { matriculado: false, alunoId: interessado.alunoId, motivo };
  }

  const endereco = enderecoEmLinha(dados.endereco);
  const enderecoResponsavel = enderecoDoResponsavel(dados.endereco);
  const responsaveis = {
    vinculo: conferencia.vinculo,
    noCadastro: conferencia.noCadastro,
    endereco: enderecoResponsavel,
  };
  let alunoId: string;
  if (existente) {
    alunoId = existente.id;
    // A current student (rematrícula) stays in this year's class: the year-end rematrícula moves them.
    const [atual] = existente.turmaId
      ? await tx.select().from(classes).where(eq(classes.id, existente.turmaId))
      : [];
    const move = !atual || atual.anoLetivo >= turma.anoLetivo || existente.status !== 'ativo';
    await updateStudentIn(
      tx,
      existente.id,
      {
        nome: dados.aluno.nome.trim(),
        data_nascimento: dados.aluno.data_nascimento,
        sexo: dados.aluno.sexo ?? existente.sexo,
        data_matricula: existente.dataMatricula,
        matricula: existente.matricula,
        email: existente.email,
        telefone: existente.telefone,
        endereco: endereco ?? existente.endereco,
        cpf: dados.aluno.cpf ?? existente.cpf,
        turma_id: move ? turma.id : existente.turmaId,
        observacoes: existente.observacoes,
      },
      undefined,
      actor,
    );
    await vincularResponsaveis(ctx, tx, alunoId, dados, responsaveis, actor, welcomes, false);
  } else {
    const created = await createStudentIn(
      ctx,
      tx,
      {
        nome: dados.aluno.nome.trim(),
        data_nascimento: dados.aluno.data_nascimento,
        sexo: dados.aluno.sexo ?? null,
        email: null,
        telefone: null,
        endereco,
        cpf: dados.aluno.cpf ?? null,
        turma_id: turma.id,
        observacoes: null,
        responsavel: guardianData(financeiro, enderecoResponsavel, true),
      },
      actor,
    );
    alunoId = created.student.id;
    if (created.guardian.senhaGerada !== undefined && created.guardian.usuario)
      welcomes.push({ usuario: created.guardian.usuario, senha: created.guardian.senhaGerada });
    if (created.guardian.reused)
      await atualizarContato(
        tx,
        created.guardian.row.id,
        guardianData(financeiro, enderecoResponsavel, true),
        actor,
      );
    await vincularResponsaveis(ctx, tx, alunoId, dados, responsaveis, actor, welcomes, true);
  }

  const plano = dados.plano_id ? await lerPlano(tx, dados.plano_id, interessado) : null;
  let cobrancas: number;
  if (plano) {
    const result = await generatePlanoMensalidades(
      tx,
      {
        alunoId,
        turmaId: turma.id,
        anoLetivo: interessado.anoLetivo,
        parcelas: plano.parcelas,
        valorParcelaCentavos: plano.valor_parcela_centavos,
        taxaMatriculaCentavos: plano.taxa_matricula_centavos,
        valorAnualCentavos: plano.valor_anual_centavos,
        padrao: plano.padrao,
        diaVencimento: dados.dia_vencimento ?? null,
        taxaPaga: pre.pagamentoEm
          ? { forma: pre.pagamentoForma ?? 'dinheiro', data: todayIso(pre.pagamentoEm) }
          : null,
      },
      actor,
    );
    cobrancas = result.criadas;
  } else {
    // No plan (the school set none): the class's monthly tuition, as 'Gerar mensalidades' does.
    const result = await generateMensalidades(tx, { aluno_id: alunoId, ano: interessado.anoLetivo }, actor);
    cobrancas = result.mensalidades;
  }

  await tx
    .update(interessados)
    .set({ alunoId, turmaId: turma.id, updatedAt: new Date() })
    .where(eq(interessados.id, interessadoId));
  if (pre.listaEsperaEm)
    await tx.update(preMatriculas).set({ listaEsperaEm: null }).where(eq(preMatriculas.id, pre.id));
  await mudarEtapa(tx, interessadoId, 'matriculado', actor, { texto: 'Etapa: Matriculado.' });
  await registrarEvento(
    tx,
    interessadoId,
    'matricula',
    `Matrícula efetivada: ${dados.aluno.nome.trim()} na turma ${turma.nome} (${turma.anoLetivo}); ${String(cobrancas)} cobrança${cobrancas === 1 ? '' : 's'} gerada${cobrancas === 1 ? '' : 's'}${plano ? ` pelo plano ${plano.nome}` : ''}.`,
    actor.id ? actor : null,
  );
  for (const [responsavel, como] of conferencia.vinculo)
    if (como === 'fora')
      await registrarEvento(
        tx,
        interessadoId,
        'matricula',
        responsavelNaoVinculado(responsavel.nome.trim()),
        null,
      );
  const confirmacao: AvisoFamilia = {
    tipo: 'matriculado',
    turma,
    alunoNome: dados.aluno.nome.trim(),
    cobrancas,
  };
  await registrarAviso(tx, interessado, confirmacao);
  avisos.push(confirmacao);
  await recordAudit(tx, actor, {
    action: 'matricular_online',
    entity: 'interessado',
    entityId: interessadoId,
    details: {
      aluno_id: alunoId,
      turma_id: turma.id,
      aluno_existente: Boolean(existente),
      plano_id: plano?.id ?? null,
      cobrancas,
    },
  });
  return { matriculado: true, alunoId, turmaId: turma.id };
}

/**
 * The fee was paid (ADR 0049): recorded once, then the enrolment runs if everything else is done. Only
 * the Financeiro's 'Pagamento recebido' comes here: no bank can confirm a fee paid before the student
 * exists, since every Pix charge and boleto belongs to a charge of a student (ADR 0103).
 */
export async function registrarPagamentoTaxa(
  ctx: AppContext,
  interessadoId: string,
  actor: Actor,
  options: { forma: FormaPagamento; planoPorId?: typeof planoPorId },
): Promise<Awaited<ReturnType<typeof matricularSePronto>>> {
  await ctx.db.transaction(async (tx) => {
    // Without the rule the fee is a charge after the enrolment, received in Financeiro like any other:
    // a payment recorded here would only have kept it from being charged (ADR 0101).
    if (!(await loadMatriculaOnlineConfig(tx)).exigir_pagamento) throw conflict(TAXA_NO_FINANCEIRO);
    const [pre] = await tx
      .select()
      .from(preMatriculas)
      .where(eq(preMatriculas.interessadoId, interessadoId))
      .for('update');
    if (!pre) throw notFound('O link da pré-matrícula ainda não foi enviado a esta família.');
    if (pre.pagamentoEm) return;
    await tx
      .update(preMatriculas)
      .set({ pagamentoEm: clock.now(), pagamentoForma: options.forma })
      .where(eq(preMatriculas.id, pre.id));
    await registrarEvento(
      tx,
      interessadoId,
      'matricula',
      'Pagamento da taxa de matrícula registrado.',
      actor.id ? actor : null,
    );
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'pre_matricula',
      entityId: pre.id,
      details: { pagamento: true, forma: options.forma },
    });
  });
  return matricularSePronto(ctx, interessadoId, { planoPorId: options.planoPorId, actor });
}
