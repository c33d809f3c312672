import { DAY_MS } from '../../../shared/calendar.js';
import { parcelamentoDaMatricula } from '../../../shared/anuidades.schemas.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newLinkToken, sha256Hex } from './link-token.js';
import {
  contratoCamposSchema,
  preMatriculaDadosSchema,
  type ContratoCampos,
} from '../../../shared/matriculas.schemas.js';
import {
  papelSignatarioLabels,
  preencherModelo,
  type CampoModeloContrato,
  type PapelSignatario,
} from '../../../shared/contratos.schemas.js';
import { formatCentavosPlain, formatDate, formatDateTime, formatPhone } from '../../../shared/format.js';
import { formatCpf, maskCpf } from '../../../shared/validators.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contratoAssinaturas, contratos, modelosContrato } from '../../db/schema/contratos.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { generateVerificationCode } from '../../lib/verification-code.js';
import { recordAudit } from '../audit/index.js';
import { loadSettings } from '../finance/index.js';
import { getSchoolIdentity } from '../settings/index.js';
import { planoPorId, semPlanoEscolhido } from './anuidades.service.js';
import { renderContratoPdf, type Manifesto } from './contratos.pdf.js';
import { mudarEtapa, registrarEvento } from './funil.service.js';
import { lerConfiguracao, modeloParaContrato } from './modelos-contrato.service.js';
import { comCadastro, emailDoSignatario } from './rematricula-cadastro.js';
import { formatCnpj } from '../../../shared/settings.schemas.js';

/**
 * Contracts (issue 34 §2): drawn from the submitted pré-matrícula, the plan chosen and the school's
 * settings; frozen as a PDF whose SHA-256 is kept; signed by each signer through their own link.
 */

/** A signer's link stays valid this long after the contract is sent. */
export const LINK_ASSINATURA_DIAS = 30;

/** '123.456.789-09' → '***.456.789-**' (shared/validators' maskCpf). */
export const mascararCpf = maskCpf;

const percent = (value: string) => value.replace('.', ',');

/** The template's fields from the frozen data (the `{{campo}}` values). */
export function valoresDoContrato(
  campos: ContratoCampos,
  emitidoEm: Date,
): Record<CampoModeloContrato, string> {
  const responsavel = campos.responsaveis.find((item) => item.financeiro) ?? campos.responsaveis[0];
  const segundo = campos.responsaveis.find((item) => item !== responsavel);
  return {
    'aluno.nome': campos.aluno.nome,
    'aluno.data_nascimento': formatDate(campos.aluno.data_nascimento),
    'responsavel.nome': responsavel?.nome ?? '',
    'responsavel.cpf': formatCpf(responsavel?.cpf),
    'responsavel.email': responsavel?.email ?? '',
    'responsavel.telefone': formatPhone(responsavel?.telefone),
    'segundo_responsavel.nome': segundo?.nome ?? '',
    'segundo_responsavel.cpf': formatCpf(segundo?.cpf),
    endereco: campos.endereco ?? '',
    serie: campos.serie,
    turma: campos.turma ?? 'a definir',
    ano_letivo: String(campos.ano_letivo),
    valor_anual: campos.plano.proporcional
      ? `${formatCentavosPlain(campos.valor_anual_centavos)}; como a matrícula ocorre após o início do ano letivo, ` +
        `o valor devido é proporcional aos ${String(campos.plano.proporcional.meses)} dos ` +
        `${String(campos.plano.proporcional.meses_letivos)} meses letivos restantes: ` +
        formatCentavosPlain(campos.plano.proporcional.total_centavos)
      : formatCentavosPlain(campos.valor_anual_centavos),
    'plano.nome': campos.plano.nome,
    'plano.parcelas': String(campos.plano.parcelas),
    'plano.valor_parcela': valorDasParcelas(campos.plano),
    taxa_matricula: formatCentavosPlain(campos.plano.taxa_matricula_centavos),
    dia_vencimento: String(campos.dia_vencimento),
    multa: percent(campos.multa_percentual),
    juros: percent(campos.juros_mensal_percentual),
    'escola.nome': campos.escola.nome,
    'escola.cnpj': campos.escola.cnpj ? formatCnpj(campos.escola.cnpj) : '',
    'escola.endereco': campos.escola.endereco ?? '',
    data: formatDate(emitidoEm),
  };
}

/**
 * '{{plano.parcelas}} parcelas de {{plano.valor_parcela}}' in any template: the instalments' value,
 * and the first's when it carries the rounding remainder (ADR 0094), so the clauses add up.
 */
function valorDasParcelas(plano: ContratoCampos['plano']): string {
  const primeira = plano.primeira_parcela_centavos ?? plano.valor_parcela_centavos;
  const demais = formatCentavosPlain(plano.valor_parcela_centavos);
  return primeira === plano.valor_parcela_centavos
    ? demais
    : `${demais}, sendo a 1ª de ${formatCentavosPlain(primeira)} (com o arredondamento da divisão)`;
}

interface SignatarioPrevisto {
  papel: PapelSignatario;
  nome: string;
  cpf: string | null;
  email: string;
}

const refuse = (message: string) => new AppError('CONFLICT', message);

function enderecoDe(endereco: ReturnType<typeof preMatriculaDadosSchema.parse>['endereco']): string | null {
  const first = [endereco.logradouro, endereco.numero].filter(Boolean).join(', ');
  const parts = [
    first,
    endereco.complemento,
    endereco.bairro,
    [endereco.cidade, endereco.uf].filter(Boolean).join('/'),
  ]
    .map((part) => part.trim())
    .filter(Boolean);
  if (endereco.cep) parts.push(`CEP ${endereco.cep}`);
  return parts.length > 0 ? parts.join(' — ') : null;
}

/**
 * What a family's contract would say now, and who would sign it: the submitted pré-matrícula, the plan
 * (`planoPorId`), the finance settings (multa, juros, due day) and the school's identity. Throws a 409
 * with the reason when something it needs is missing.
 */
export async function camposAtuais(
  db: DbOrTx,
  interessadoId: string,
): Promise<{ campos: ContratoCampos; signatarios: SignatarioPrevisto[] }> {
  const [row] = await db
    .select({ interessado: interessados, pre: preMatriculas, turma: classes.nome })
    .from(interessados)
    .leftJoin(preMatriculas, eq(preMatriculas.interessadoId, interessados.id))
    .leftJoin(classes, eq(classes.id, interessados.turmaId))
    .where(eq(interessados.id, interessadoId));
  if (!row) throw notFound('Família não encontrada.');
  if (!row.pre?.enviadoEm)
    throw refuse(
      'A família ainda não enviou a pré-matrícula. O contrato é gerado a partir dela: envie o link da pré-matrícula e aguarde o envio.',
    );
  const dados = await comCadastro(db, row.interessado, preMatriculaDadosSchema.parse(row.pre.dados));
  const responsaveis = dados.responsaveis.filter((item) => item.nome.trim() !== '');
  const financeiro = responsaveis.find((item) => item.financeiro);
  if (!financeiro)
    throw refuse('A pré-matrícula não indica o responsável financeiro, que assina o contrato.');
  if (!financeiro.email)
    throw refuse(
      'O responsável financeiro não tem e-mail na pré-matrícula: o link de assinatura vai por e-mail.',
    );
  const emailFinanceiro = await emailDoSignatario(db, row.interessado, financeiro);
  if (!dados.plano_id) throw refuse(await semPlanoEscolhido(db, row.interessado));
  const plano = await planoPorId(db, dados.plano_id, row.interessado);
  if (!plano)
    throw refuse(
      'O plano de pagamento escolhido na pré-matrícula não existe mais. Cadastre a anuidade e os planos da série e peça à família para escolher de novo.',
    );
  const [config, finance, escola] = await Promise.all([
    lerConfiguracao(db),
    loadSettings(db),
    getSchoolIdentity(db),
  ]);
  if (!config.representante_nome || !config.representante_email)
    throw refuse(
      'Falta dizer quem assina pela escola: a direção informa em Configurações → Contrato de matrícula (nome, CPF e e-mail do representante).',
    );
  const signatarios: SignatarioPrevisto[] = [
    {
      papel: 'responsavel_financeiro',
      nome: financeiro.nome,
      cpf: financeiro.cpf ?? null,
      email: emailFinanceiro,
    },
  ];
  if (config.exigir_segundo_responsavel) {
    const segundo = responsaveis.find((item) => item !== financeiro);
    if (!segundo?.email)
      throw refuse(
        'A escola exige a assinatura do segundo responsável, e a pré-matrícula não tem um segundo responsável com e-mail.',
      );
    signatarios.push({
      papel: 'segundo_responsavel',
      nome: segundo.nome,
      cpf: segundo.cpf ?? null,
      email: await emailDoSignatario(db, row.interessado, segundo),
    });
  }
  signatarios.push({
    papel: 'escola',
    nome: config.representante_nome,
    cpf: config.representante_cpf,
    email: config.representante_email,
  });
  // The plan as this enrolment is charged (ADR 0094): what the contract states is what is billed.
  const [anoLetivo] = await db
    .select({ inicio: schoolYears.inicio })
    .from(schoolYears)
    .where(eq(schoolYears.ano, row.interessado.anoLetivo));
  const parcelamento = parcelamentoDaMatricula(plano, plano.valor_anual_centavos, {
    anoLetivo: row.interessado.anoLetivo,
    inicioAnoLetivo: anoLetivo?.inicio ?? null,
    hoje: clock.today(),
  });
  const campos = contratoCamposSchema.parse({
    aluno: {
      nome: dados.aluno.nome || row.interessado.alunoNome,
      data_nascimento: dados.aluno.data_nascimento ?? row.interessado.alunoNascimento,
      cpf: dados.aluno.cpf ?? null,
    },
    responsaveis: responsaveis.map((item) => ({
      nome: item.nome,
      cpf: item.cpf ?? null,
      email: item.email ?? null,
      telefone: item.telefone ?? null,
      financeiro: item === financeiro,
    })),
    endereco: enderecoDe(dados.endereco),
    serie: row.interessado.serie,
    ano_letivo: row.interessado.anoLetivo,
    turma: row.turma,
    valor_anual_centavos: plano.valor_anual_centavos,
    plano: {
      nome: plano.nome,
      parcelas: parcelamento.parcelas,
      valor_parcela_centavos: parcelamento.demais,
      taxa_matricula_centavos: plano.taxa_matricula_centavos,
      primeira_parcela_centavos: parcelamento.primeira,
      proporcional: parcelamento.proporcional
        ? {
            total_centavos: parcelamento.total,
            meses: parcelamento.mesesRestantes,
            meses_letivos: parcelamento.mesesLetivos,
          }
        : null,
    },
    dia_vencimento: dados.dia_vencimento ?? finance.diaVencimentoPadrao,
    multa_percentual: String(finance.multaBp / 100),
    juros_mensal_percentual: String(finance.jurosMensalBp / 100),
    escola: { nome: escola.nome, cnpj: escola.cnpj, endereco: escola.endereco },
  });
  return { campos, signatarios };
}

/** The JSON of a value with its object keys sorted (two reads of the same data compare equal). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : item,
  );
}

/**
 * Whether the data a contract was drawn from still says the same (a change voids the signatures), and
 * the family's signer signing still signs from the address they would be sent to now (ADR 0116).
 */
export async function contratoAindaVale(
  db: DbOrTx,
  contrato: { interessadoId: string | null; campos: ContratoCampos },
  signer?: { papel: PapelSignatario; email: string },
) {
  if (!contrato.interessadoId) return true;
  try {
    const { campos, signatarios } = await camposAtuais(db, contrato.interessadoId);
    const familia = signer && signer.papel !== 'escola' ? signer : null;
    const agora = familia && signatarios.find((item) => item.papel === familia.papel)?.email;
    if (familia && agora?.trim().toLowerCase() !== familia.email.trim().toLowerCase()) return false;
    return canonical(campos) === canonical(contrato.campos);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

function urlValidacao(ctx: AppContext, codigo: string) {
  return `${ctx.config.publicUrl}/validar/${codigo}`;
}

async function pdfDe(
  ctx: AppContext,
  db: DbOrTx,
  contrato: { modeloId: string; campos: ContratoCampos; codigoValidacao: string; createdAt: Date },
  manifesto?: Manifesto,
): Promise<Buffer> {
  const [modelo] = await db.select().from(modelosContrato).where(eq(modelosContrato.id, contrato.modeloId));
  return renderContratoPdf(
    {
      titulo: modelo!.titulo,
      texto: preencherModelo(modelo!.corpo, valoresDoContrato(contrato.campos, contrato.createdAt)),
      escola: contrato.campos.escola,
      codigo: contrato.codigoValidacao,
      url: urlValidacao(ctx, contrato.codigoValidacao),
    },
    manifesto,
  );
}

/**
 * Voids a family's contracts still open or signed (their signatures with them), with the reason; audited
 * `anular_assinaturas`. Returns how many. Called when a new contract is sent and when the data a contract
 * was drawn from changed (the pré-matrícula part may call it when a submitted form is reopened).
 */
export async function anularContratosDe(
  tx: DbOrTx,
  interessadoId: string,
  motivo: string,
  actor: Actor,
): Promise<number> {
  const voided = await tx
    .update(contratos)
    .set({ status: 'anulado', anuladoEm: clock.now(), motivoAnulacao: motivo })
    .where(
      and(eq(contratos.interessadoId, interessadoId), inArray(contratos.status, ['aguardando', 'assinado'])),
    )
    .returning({ id: contratos.id });
  for (const { id } of voided) {
    const signed = await tx
      .select({ id: contratoAssinaturas.id })
      .from(contratoAssinaturas)
      .where(and(eq(contratoAssinaturas.contratoId, id)));
    await recordAudit(tx, actor, {
      action: 'anular_assinaturas',
      entity: 'contrato',
      entityId: id,
      details: { motivo, signatarios: signed.length },
    });
    await registrarEvento(
      tx,
      interessadoId,
      'contrato',
      `Contrato anulado: ${motivo}`,
      actor.id ? actor : null,
    );
  }
  return voided.length;
}

interface LinkEnviado {
  nome: string;
  email: string;
  papel: PapelSignatario;
  url: string;
}

/**
 * Freezes a family's contract (the template in force filled with the submitted pré-matrícula, rendered
 * as a PDF, its SHA-256 kept) and e-mails each signer a link `/assinar/{token}`; the family's stage
 * becomes `contrato_enviado`. A contract sent before (open or signed) is voided with its signatures.
 */
export async function enviarContrato(
  ctx: AppContext,
  interessadoId: string,
  actor: Actor,
): Promise<{ contratoId: string; signatarios: number; anulados: number }> {
  const result = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ etapa: interessados.etapa, alunoNome: interessados.alunoNome })
      .from(interessados)
      .where(eq(interessados.id, interessadoId))
      .for('update');
    if (!locked) throw notFound('Família não encontrada.');
    if (locked.etapa === 'matriculado')
      throw refuse('O aluno já está matriculado: o contrato assinado não pode ser substituído por aqui.');
    if (locked.etapa === 'perdido')
      throw refuse('A família está como perdida. Volte-a ao funil antes de enviar o contrato.');
    const { campos, signatarios } = await camposAtuais(tx, interessadoId);
    const anulados = await anularContratosDe(
      tx,
      interessadoId,
      'substituído por um novo envio do contrato',
      actor,
    );
    const modelo = await modeloParaContrato(tx);
    const codigo = generateVerificationCode();
    const createdAt = clock.now();
    const pdf = await pdfDe(ctx, tx, { modeloId: modelo.id, campos, codigoValidacao: codigo, createdAt });
    const sha256 = sha256Hex(pdf);
    const [contrato] = await tx
      .insert(contratos)
      .values({
        interessadoId,
        modeloId: modelo.id,
        modeloVersao: modelo.versao,
        campos,
        pdf,
        sha256,
        codigoValidacao: codigo,
        enviadoPorId: actor.id,
        enviadoPorNome: actor.nome,
        createdAt,
      })
      .returning({ id: contratos.id });
    const expira = clock.ahead(LINK_ASSINATURA_DIAS * DAY_MS);
    const links: LinkEnviado[] = [];
    for (const [ordem, signatario] of signatarios.entries()) {
      const { token, hash: tokenHash } = newLinkToken();
      await tx.insert(contratoAssinaturas).values({
        contratoId: contrato!.id,
        papel: signatario.papel,
        ordem,
        nome: signatario.nome,
        cpf: signatario.cpf,
        email: signatario.email,
        tokenHash,
        tokenExpiraEm: expira,
      });
      links.push({ ...signatario, url: `${ctx.config.publicUrl}/assinar/${token}` });
    }
    await recordAudit(tx, actor, {
      action: 'enviar_contrato',
      entity: 'contrato',
      entityId: contrato!.id,
      details: {
        interessado_id: interessadoId,
        modelo_versao: modelo.versao,
        sha256,
        signatarios: signatarios.length,
      },
    });
    await registrarEvento(
      tx,
      interessadoId,
      'contrato',
      `Contrato enviado para assinatura (${signatarios.map((item) => item.nome).join(', ')})`,
      actor,
    );
    await mudarEtapa(tx, interessadoId, 'contrato_enviado', actor, { texto: 'Contrato enviado' });
    return { contratoId: contrato!.id, links, anulados, campos, expira };
  });
  for (const link of result.links) {
    await ctx.mailer
      .send({
        to: link.email,
        subject: `Contrato de matrícula para assinar — ${result.campos.aluno.nome}`,
        text:
          `Olá, ${link.nome}.\n\n` +
          `${result.campos.escola.nome} enviou o contrato de matrícula de ${result.campos.aluno.nome} ` +
          `(${result.campos.serie}, ano letivo de ${String(result.campos.ano_letivo)}) para a sua assinatura ` +
          `como ${papelSignatarioLabels[link.papel].toLowerCase()}.\n\n` +
          `Para ler e assinar, abra o link abaixo (válido até ${formatDate(result.expira)}):\n\n${link.url}\n\n` +
          'Para confirmar a assinatura, você receberá neste e-mail um código de 6 números. ' +
          'Se não reconhece este pedido, ignore esta mensagem.\n',
      })
      .catch((error: unknown) =>
        ctx.log.warn({ code: (error as { code?: string }).code }, 'falha ao enviar e-mail do contrato'),
      );
  }
  return { contratoId: result.contratoId, signatarios: result.links.length, anulados: result.anulados };
}

/** Renders the signed version (the original pages and the manifesto) of a contract every signer signed. */
export async function pdfAssinado(
  ctx: AppContext,
  db: DbOrTx,
  contrato: typeof contratos.$inferSelect,
  concluidoEm: Date,
): Promise<Buffer> {
  const signers = await db
    .select()
    .from(contratoAssinaturas)
    .where(eq(contratoAssinaturas.contratoId, contrato.id))
    .orderBy(asc(contratoAssinaturas.ordem));
  return pdfDe(ctx, db, contrato, {
    sha256Original: contrato.sha256,
    concluidoEm: formatDateTime(concluidoEm),
    signatarios: signers.map((signer) => ({
      papel: papelSignatarioLabels[signer.papel],
      nome: signer.nome,
      cpfMascarado: mascararCpf(signer.cpf),
      canal: `código por e-mail (${mascararEmail(signer.email)})`,
      codigoVerificadoEm: formatDateTime(signer.codigoVerificadoEm),
      assinadoEm: formatDateTime(signer.assinadoEm),
      ip: signer.ip ?? '—',
      userAgent: (signer.userAgent ?? '—').slice(0, 160),
    })),
  });
}

/** 'maria.souza@gmail.com' → 'm***@g***.com'. */
export function mascararEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${user.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}
