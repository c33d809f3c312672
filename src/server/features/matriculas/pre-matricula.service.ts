/**
 * The pré-matrícula link (issue 34 §2): the staff send it from the funnel; the family opens it with no
 * password, fills the form (saved as a draft as it goes), sends the documents and submits. Only the
 * token's SHA-256 is stored; an unknown, expired or (for writes) already submitted link gets the same
 * 404, so the answer never tells which.
 */
import { DAY_MS } from '../../../shared/calendar.js';
import { and, eq, sql } from 'drizzle-orm';
import { paths, tokenPaths } from '../../../shared/routes.js';
import {
  PRE_MATRICULA_LIMITS,
  type MatriculaOnlineView,
  type PreMatriculaResumo,
} from '../../../shared/pre-matricula.schemas.js';
import { preMatriculaDadosSchema, type PreMatriculaDados } from '../../../shared/matriculas.schemas.js';
import { firstName, formatDate } from '../../../shared/format.js';
import {
  NUMERO_INVALIDO,
  UF_INVALIDA,
  formatCep,
  isNumeroValido,
  isUf,
} from '../../../shared/endereco.schemas.js';
import { isValidCpf } from '../../../shared/validators.js';
import { ageSerieWarning } from '../../../shared/classes.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import type { FieldError } from '../../../shared/api.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { staffHolding } from '../perfis/index.js';
import { fanOut } from '../notificacoes/index.js';
import { getPublicSettings } from '../settings/index.js';
import { students } from '../../db/schema/students.js';
import { interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { planosDisponiveis } from './anuidades.service.js';
import { avisoInadimplencia } from './anuidades.config.js';
import { findInteressado, lockInteressado, mudarEtapa, registrarEvento } from './funil.service.js';
import {
  comCadastro,
  emailsAConfirmar,
  rascunhoDoResponsavel,
  responsaveisNoCadastro,
} from './rematricula-cadastro.js';
import { loadMatriculaOnlineConfig } from './pre-matricula.config.js';
import { listDocumentos } from './pre-matricula.documentos.js';
import { porToken } from './pre-matricula.token.js';
import { newLinkToken } from './link-token.js';

type PreMatriculaRow = typeof preMatriculas.$inferSelect;

/** Stages past the form: a new link would move the family back over a contract already sent. */
const ALEM_DA_PRE_MATRICULA = ['contrato_enviado', 'contrato_assinado', 'matriculado'] as const;

/** The form as it starts: what the school knows of the family (and, at rematrícula, of the student). */
async function rascunhoInicial(
  tx: DbOrTx,
  interessado: typeof interessados.$inferSelect,
): Promise<PreMatriculaDados> {
  const base = preMatriculaDadosSchema.parse({
    aluno: { nome: interessado.alunoNome, data_nascimento: interessado.alunoNascimento },
    responsaveis: [
      {
        nome: interessado.responsavelNome,
        email: interessado.email,
        telefone: interessado.telefone,
        financeiro: true,
      },
    ],
  });
  if (!interessado.alunoId) return base;
  const [student] = await tx.select().from(students).where(eq(students.id, interessado.alunoId));
  if (!student) return base;
  const linked = await responsaveisNoCadastro(tx, student.id);
  const emailDoLink = interessado.email.toLowerCase();
  const responsaveis = linked.slice(0, 4).map((row) => rascunhoDoResponsavel(row, emailDoLink));
  if (responsaveis.length > 0 && !responsaveis.some((item) => item.financeiro))
    responsaveis[0]!.financeiro = true;
  // The address in parts (ADR 0058) of the guardian the link went to, when the school has it — never
  // another guardian's (separated parents: ADR 0090); else the student's line to correct.
  const partes = linked.find(
    (row) => row.guardian.cep && row.guardian.email?.toLowerCase() === emailDoLink,
  )?.guardian;
  const endereco = partes
    ? {
        cep: formatCep(partes.cep ?? ''),
        logradouro: partes.logradouro ?? '',
        numero: partes.numero ?? '',
        complemento: partes.complemento ?? '',
        bairro: partes.bairro ?? '',
        cidade: partes.cidade ?? '',
        uf: partes.uf ?? '',
      }
    : { ...base.endereco, logradouro: (student.endereco ?? '').slice(0, 200) };
  return preMatriculaDadosSchema.parse({
    aluno: {
      nome: student.nome,
      data_nascimento: student.dataNascimento,
      sexo: student.sexo,
      cpf: student.cpf,
    },
    endereco,
    responsaveis: responsaveis.length > 0 ? responsaveis : base.responsaveis,
  });
}

/**
 * Creates (or renews) a family's pré-matrícula link and e-mails it: a single-use expiring token of which
 * only the SHA-256 is stored (`pre_matriculas`); the family's stage becomes `pre_matricula`. A renewal
 * replaces the token (the old link stops working), keeps the draft and opens the form again.
 */
export async function enviarConvite(
  ctx: AppContext,
  interessadoId: string,
  actor: Actor,
): Promise<{ url: string; expiraEm: string }> {
  const { token, hash: tokenHash } = newLinkToken();
  const expiraEm = clock.ahead(PRE_MATRICULA_LIMITS.validadeDias * DAY_MS);
  const url = `${ctx.config.publicUrl}${tokenPaths.preMatricula}/${token}`;
  const familia = await ctx.db.transaction(async (tx) => {
    const interessado = await lockInteressado(tx, interessadoId);
    if ((ALEM_DA_PRE_MATRICULA as readonly string[]).includes(interessado.etapa))
      throw conflict(
        'O contrato desta família já foi enviado: a pré-matrícula não pode mais ser reaberta por um novo link.',
      );
    const [existing] = await tx
      .select({ id: preMatriculas.id })
      .from(preMatriculas)
      .where(eq(preMatriculas.interessadoId, interessadoId));
    if (existing) {
      await tx
        .update(preMatriculas)
        .set({
          tokenHash,
          expiraEm,
          enviadoEm: null,
          version: sql`${preMatriculas.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(preMatriculas.id, existing.id));
    } else {
      await tx.insert(preMatriculas).values({
        interessadoId,
        tokenHash,
        expiraEm,
        dados: await rascunhoInicial(tx, interessado),
      });
    }
    await registrarEvento(
      tx,
      interessadoId,
      'email',
      `${existing ? 'Novo link' : 'Link'} da pré-matrícula enviado para ${interessado.email} (válido até ${formatDate(expiraEm)}).`,
      actor,
    );
    await mudarEtapa(tx, interessadoId, 'pre_matricula', actor, {
      texto: 'Etapa: Pré-matrícula (link enviado à família).',
    });
    await recordAudit(tx, actor, {
      action: 'enviar_pre_matricula',
      entity: 'interessado',
      entityId: interessadoId,
      details: { renovado: Boolean(existing), expira_em: expiraEm.toISOString() },
    });
    return interessado;
  });
  const escola = await ctx.getSchoolName();
  await ctx.mailer
    .send({
      to: familia.email,
      subject: `Pré-matrícula de ${firstName(familia.alunoNome)} - ${escola}`,
      text:
        `Olá, ${familia.responsavelNome}.\n\n` +
        `${escola}: segue o formulário de pré-matrícula de ${familia.alunoNome} (${familia.serie}, ${String(familia.anoLetivo)}).\n\n` +
        `Abra o link abaixo para preencher os dados do aluno e dos responsáveis, enviar os documentos e escolher o plano de pagamento. ` +
        `Não é preciso senha; o que você preencher fica salvo até o envio.\n\n${url}\n\n` +
        `O link vale até ${formatDate(expiraEm)} e só pode ser enviado uma vez. Não o repasse a outras pessoas.\n`,
    })
    .catch((error: unknown) =>
      ctx.log.warn({ code: (error as { code?: string }).code }, 'falha ao enviar e-mail de pré-matrícula'),
    );
  return { url, expiraEm: expiraEm.toISOString() };
}

export async function getMatriculaOnline(ctx: AppContext, token: string): Promise<MatriculaOnlineView> {
  const { pre, interessado } = await porToken(ctx.db, token, false);
  if (!pre.abertoEm) {
    await ctx.db.transaction(async (tx) => {
      const opened = await tx
        .update(preMatriculas)
        .set({ abertoEm: clock.now() })
        .where(and(eq(preMatriculas.id, pre.id), sql`${preMatriculas.abertoEm} is null`))
        .returning({ id: preMatriculas.id });
      if (opened.length > 0)
        await registrarEvento(
          tx,
          interessado.id,
          'contato',
          'A família abriu o link da pré-matrícula.',
          null,
        );
    });
  }
  const [config, documentos, planos, publicSettings, escola, avisoDivida] = await Promise.all([
    loadMatriculaOnlineConfig(ctx.db),
    listDocumentos(ctx.db, pre.id),
    planosDisponiveis(ctx.db, interessado.anoLetivo, interessado.serie),
    getPublicSettings(ctx.db),
    ctx.getSchoolName(),
    avisoDeRematricula(ctx.db, interessado),
  ]);
  return {
    escola,
    aluno_primeiro_nome: firstName(interessado.alunoNome),
    serie: interessado.serie,
    ano_letivo: interessado.anoLetivo,
    tipo: interessado.tipo,
    dados: preMatriculaDadosSchema.parse(pre.dados),
    documentos_exigidos: config.documentos,
    documentos,
    planos,
    estado: pre.enviadoEm ? 'enviada' : 'rascunho',
    expira_em: pre.expiraEm.toISOString(),
    enviado_em: pre.enviadoEm?.toISOString() ?? null,
    consulta_cep: publicSettings.consulta_cep,
    documento_max_bytes: PRE_MATRICULA_LIMITS.documentoMaxBytes,
    aviso_inadimplencia: avisoDivida,
  };
}

/** Lei 9.870 art. 5º: at rematrícula, the school's message to a family in default (when it refuses renewal). */
function avisoDeRematricula(db: DbOrTx, interessado: { tipo: string; alunoId: string | null }) {
  return interessado.tipo === 'rematricula' && interessado.alunoId
    ? avisoInadimplencia(db, interessado.alunoId)
    : Promise.resolve(null);
}

/** Saves the draft: every field may still be empty, and an invalid one arrives empty (ADR 0096). */
export async function salvarRascunho(
  ctx: AppContext,
  token: string,
  input: PreMatriculaDados,
): Promise<MatriculaOnlineView> {
  // The due day is the school's (Financeiro's settings): no screen offers the family a choice, and one
  // sent to the API moved every charge of the contract to the day the family liked (review 2026-12-07).
  const dados: PreMatriculaDados = { ...input, dia_vencimento: null };
  await ctx.db.transaction(async (tx) => {
    const { pre } = await porToken(tx, token, true);
    await tx
      .update(preMatriculas)
      .set({ dados, version: sql`${preMatriculas.version} + 1`, updatedAt: new Date() })
      .where(eq(preMatriculas.id, pre.id));
  });
  return getMatriculaOnline(ctx, token);
}

/** What `enviar` still misses, one message per field (the form shows each beside its field). */
export function pendenciasDoEnvio(
  dados: PreMatriculaDados,
  options: {
    planos: readonly { id: string }[];
    obrigatorios: readonly { id: string; nome: string }[];
    enviados: ReadonlySet<string>;
  },
): FieldError[] {
  const issues: FieldError[] = [];
  const need = (path: string, message: string, missing: boolean) => {
    if (missing) issues.push({ path, message });
  };
  need('aluno.nome', 'Nome do aluno é obrigatório', dados.aluno.nome.trim().length < 2);
  need('aluno.data_nascimento', 'Data de nascimento é obrigatória', !dados.aluno.data_nascimento);
  if (dados.responsaveis.length === 0)
    issues.push({ path: 'responsaveis', message: 'Informe ao menos um responsável' });
  const financeiros = dados.responsaveis.filter((item) => item.financeiro);
  if (dados.responsaveis.length > 0 && financeiros.length !== 1)
    issues.push({
      path: 'responsaveis',
      message: 'Indique um (e só um) responsável financeiro: quem assina o contrato e paga',
    });
  dados.responsaveis.forEach((responsavel, index) => {
    const at = (field: string) => `responsaveis.${String(index)}.${field}`;
    need(at('nome'), 'Nome do responsável é obrigatório', responsavel.nome.trim().length < 2);
    need(at('telefone'), 'Telefone é obrigatório', !responsavel.telefone);
    need(at('parentesco'), 'Parentesco é obrigatório', !responsavel.parentesco);
    if (responsavel.financeiro) {
      need(
        at('cpf'),
        'CPF do responsável financeiro é obrigatório',
        !responsavel.cpf || !isValidCpf(responsavel.cpf),
      );
      need(at('email'), 'E-mail do responsável financeiro é obrigatório', !responsavel.email);
    }
  });
  const cpfs = dados.responsaveis.map((item) => item.cpf).filter((cpf): cpf is string => Boolean(cpf));
  if (new Set(cpfs).size !== cpfs.length)
    issues.push({ path: 'responsaveis', message: 'O mesmo CPF foi informado para dois responsáveis' });
  const endereco = dados.endereco;
  need('endereco.cep', 'CEP é obrigatório', endereco.cep.replace(/\D/g, '').length !== 8);
  need('endereco.logradouro', 'Endereço é obrigatório', !endereco.logradouro);
  need('endereco.numero', 'Número é obrigatório (use "s/n" se não houver)', !endereco.numero);
  // The same checks as the guardian's record (ADR 0058), so the address goes over to it in parts.
  need('endereco.numero', NUMERO_INVALIDO, Boolean(endereco.numero) && !isNumeroValido(endereco.numero));
  need('endereco.bairro', 'Bairro é obrigatório', !endereco.bairro);
  need('endereco.cidade', 'Cidade é obrigatória', !endereco.cidade);
  need('endereco.uf', 'UF é obrigatória', !endereco.uf);
  need('endereco.uf', UF_INVALIDA, Boolean(endereco.uf) && !isUf(endereco.uf));
  if (options.planos.length > 0) {
    need('plano_id', 'Escolha o plano de pagamento', !dados.plano_id);
    need(
      'plano_id',
      'Este plano não está mais disponível: escolha outro',
      Boolean(dados.plano_id) && !options.planos.some((plano) => plano.id === dados.plano_id),
    );
  }
  for (const documento of options.obrigatorios)
    need(`documentos.${documento.id}`, `Envie: ${documento.nome}`, !options.enviados.has(documento.id));
  return issues;
}

/**
 * Submits the form: everything required checked (400 with a message per field), `enviado_em` set (the
 * link then only reads), a line on the timeline and the school notified.
 */
export async function enviarPreMatricula(ctx: AppContext, token: string): Promise<MatriculaOnlineView> {
  await ctx.db.transaction(async (tx: Tx) => {
    const { pre, interessado } = await porToken(tx, token, true);
    const dados = await comCadastro(tx, interessado, preMatriculaDadosSchema.parse(pre.dados));
    const [config, planos, documentos] = await Promise.all([
      loadMatriculaOnlineConfig(tx),
      planosDisponiveis(tx, interessado.anoLetivo, interessado.serie),
      listDocumentos(tx, pre.id),
    ]);
    const avisoDivida = await avisoDeRematricula(tx, interessado);
    if (avisoDivida) throw conflict(avisoDivida);
    const issues = pendenciasDoEnvio(dados, {
      planos,
      obrigatorios: config.documentos.filter((documento) => documento.obrigatorio),
      enviados: new Set(documentos.map((documento) => documento.tipo)),
    });
    if (issues.length > 0)
      throw new AppError(
        'VALIDATION',
        'Faltam dados para enviar a pré-matrícula. Confira os campos indicados.',
        issues,
      );
    await tx
      .update(preMatriculas)
      .set({ enviadoEm: clock.now(), version: sql`${preMatriculas.version} + 1`, updatedAt: new Date() })
      .where(eq(preMatriculas.id, pre.id));
    await registrarEvento(
      tx,
      interessado.id,
      'documento',
      `A família enviou a pré-matrícula (${String(documentos.length)} documento${documentos.length === 1 ? '' : 's'}).`,
      null,
    );
    const aluno = dados.aluno.nome;
    await fanOut(ctx, tx, {
      recipients: staffHolding('matriculas.manage'),
      tipo: 'matricula',
      titulo: 'Pré-matrícula recebida',
      texto: `A família de ${aluno} enviou a pré-matrícula (${interessado.serie}, ${String(interessado.anoLetivo)}).`,
      link: `${paths.matriculas}?familia=${interessado.id}`,
      email: {
        assunto: 'Pré-matrícula recebida',
        texto: `A família de ${aluno} enviou a pré-matrícula (${interessado.serie}, ${String(interessado.anoLetivo)}). Confira os dados e os documentos no funil de matrículas.`,
      },
      sms: `Pré-matrícula recebida: ${aluno}.`,
    });
  });
  ctx.notifier.worker.wake();
  return getMatriculaOnline(ctx, token);
}

/** The staff's view of a family's pré-matrícula (the funnel's card). */
export async function getPreMatriculaResumo(db: DbOrTx, interessadoId: string): Promise<PreMatriculaResumo> {
  const interessado = await findInteressado(db, interessadoId);
  if (!interessado) throw notFound('Família não encontrada.');
  const [pre] = await db.select().from(preMatriculas).where(eq(preMatriculas.interessadoId, interessadoId));
  if (!pre) throw notFound('O link da pré-matrícula ainda não foi enviado a esta família.');
  const [config, documentos, planos] = await Promise.all([
    loadMatriculaOnlineConfig(db),
    listDocumentos(db, pre.id),
    planosDisponiveis(db, interessado.anoLetivo, interessado.serie),
  ]);
  const dados = await comCadastro(db, interessado, preMatriculaDadosSchema.parse(pre.dados));
  return {
    dados,
    plano: planos.find((plano) => plano.id === dados.plano_id) ?? null,
    documentos,
    documentos_exigidos: config.documentos,
    expira_em: pre.expiraEm.toISOString(),
    aberto_em: pre.abertoEm?.toISOString() ?? null,
    enviado_em: pre.enviadoEm?.toISOString() ?? null,
    pagamento_em: pre.pagamentoEm?.toISOString() ?? null,
    lista_espera_em: pre.listaEsperaEm?.toISOString() ?? null,
    pagamento_exigido: config.exigir_pagamento,
    emails_a_confirmar: await emailsAConfirmar(db, interessado, dados),
    aviso_idade: dados.aluno.data_nascimento
      ? ageSerieWarning(dados.aluno.data_nascimento, interessado.serie, String(interessado.anoLetivo))
      : null,
  };
}

export async function preMatriculaDe(db: DbOrTx, interessadoId: string): Promise<PreMatriculaRow | null> {
  const [pre] = await db.select().from(preMatriculas).where(eq(preMatriculas.interessadoId, interessadoId));
  return pre ?? null;
}
