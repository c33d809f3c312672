import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  papelSignatarioLabels,
  type Contrato,
  type ContratoFamilia,
} from '../../../shared/contratos.schemas.js';
import { formatDate, formatDateTime, onlyDigits } from '../../../shared/format.js';
import type { ContratoCampos } from '../../../shared/matriculas.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { contratoAssinaturas, contratos } from '../../db/schema/contratos.js';
import { interessados } from '../../db/schema/matriculas.js';
import { guardians } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { listChildIdsOfUser } from '../finance/index.js';
import { notFound } from '../../lib/errors.js';
import type { VerifiedRecord } from '../../lib/verification-lookup.js';
import { mascararCpf } from './contratos.service.js';

/** Contracts as staff read them (issue 34), their PDF, and the public check of their code. */

type ContratoRow = typeof contratos.$inferSelect;

async function toContrato(db: DbOrTx, row: ContratoRow): Promise<Contrato> {
  const signers = await db
    .select()
    .from(contratoAssinaturas)
    .where(eq(contratoAssinaturas.contratoId, row.id))
    .orderBy(asc(contratoAssinaturas.ordem));
  return {
    id: row.id,
    interessado_id: row.interessadoId,
    status: row.status,
    sha256: row.sha256,
    codigo_validacao: row.codigoValidacao,
    modelo_versao: row.modeloVersao,
    criado_em: row.createdAt.toISOString(),
    assinado_em: row.assinadoEm?.toISOString() ?? null,
    anulado_em: row.anuladoEm?.toISOString() ?? null,
    motivo_anulacao: row.motivoAnulacao,
    assinaturas: signers.map((signer) => ({
      papel: signer.papel,
      nome: signer.nome,
      // Staff read the CPF as the family gave it (they see it in the pré-matrícula too); public pages mask it.
      cpf: signer.cpf,
      canal: signer.canal,
      assinado_em: signer.assinadoEm?.toISOString() ?? null,
      ip: signer.ip,
    })),
  };
}

export async function lerContrato(db: DbOrTx, id: string): Promise<Contrato> {
  const [row] = await db.select().from(contratos).where(eq(contratos.id, id));
  if (!row) throw notFound('Contrato não encontrado.');
  return toContrato(db, row);
}

/** A family's contracts, newest first (the funnel's drawer). */
export async function listarContratosDe(db: DbOrTx, interessadoId: string): Promise<Contrato[]> {
  const rows = await db
    .select()
    .from(contratos)
    .where(eq(contratos.interessadoId, interessadoId))
    .orderBy(desc(contratos.createdAt));
  return Promise.all(rows.map((row) => toContrato(db, row)));
}

/** The contract's PDF: the signed version once every signer signed, otherwise the one sent. */
export async function arquivoDoContrato(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ pdf: contratos.pdf, pdfAssinado: contratos.pdfAssinado, codigo: contratos.codigoValidacao })
    .from(contratos)
    .where(eq(contratos.id, id));
  if (!row) throw notFound('Contrato não encontrado.');
  return {
    body: row.pdfAssinado ?? row.pdf,
    fileName: `contrato-${row.codigo}${row.pdfAssinado ? '-assinado' : ''}.pdf`,
  };
}

/** `/validar/{codigo}` for a contract: its status, the signers (masked CPF) and the hash. */
export async function verificarContrato(db: DbOrTx, codigo: string): Promise<VerifiedRecord | null> {
  const [row] = await db.select().from(contratos).where(eq(contratos.codigoValidacao, codigo));
  if (!row) return null;
  const signers = await db
    .select()
    .from(contratoAssinaturas)
    .where(eq(contratoAssinaturas.contratoId, row.id))
    .orderBy(asc(contratoAssinaturas.ordem));
  const situacao = row.status === 'assinado' ? 'valido' : row.status === 'anulado' ? 'anulado' : 'pendente';
  return {
    titulo: 'Verificação de contrato',
    situacao,
    resumo:
      row.status === 'assinado'
        ? 'Contrato assinado'
        : row.status === 'anulado'
          ? 'Contrato anulado'
          : 'Contrato aguardando assinaturas',
    detalhe:
      row.status === 'assinado'
        ? `Assinado eletronicamente por todos os signatários em ${formatDateTime(row.assinadoEm)}.`
        : row.status === 'anulado'
          ? `Anulado em ${formatDateTime(row.anuladoEm)}; as assinaturas dele não valem mais.`
          : 'Ainda falta a assinatura de algum signatário.',
    campos: [
      { rotulo: 'Documento', valor: 'Contrato de prestação de serviços educacionais' },
      { rotulo: 'Emitido em', valor: formatDate(row.createdAt) },
      { rotulo: 'SHA-256 do original', valor: row.sha256, codigo: true },
    ],
    lista: {
      titulo: 'Signatários',
      itens: signers.map(
        (signer) =>
          `${signer.nome} (CPF ${mascararCpf(signer.cpf)}), ${papelSignatarioLabels[signer.papel].toLowerCase()} — ` +
          (signer.assinadoEm ? `assinou em ${formatDateTime(signer.assinadoEm)}` : 'não assinou'),
      ),
    },
  };
}

/** The signed contracts of a guardian's children (enrolled through matrícula online), newest first. */
export async function listarContratosDaFamilia(db: DbOrTx, userId: string): Promise<ContratoFamilia[]> {
  const alunoIds = await listChildIdsOfUser(db, userId);
  if (alunoIds.length === 0) return [];
  const [rows, [quem]] = await Promise.all([
    db
      .select({ contrato: contratos })
      .from(contratos)
      .innerJoin(interessados, eq(interessados.id, contratos.interessadoId))
      .where(and(eq(contratos.status, 'assinado'), inArray(interessados.alunoId, alunoIds)))
      .orderBy(desc(contratos.assinadoEm)),
    db
      .select({ cpf: guardians.cpf, email: guardians.email, login: users.email })
      .from(users)
      .leftJoin(guardians, eq(guardians.usuarioId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
  ]);
  // The contract names its responsáveis with their CPF, e-mail and telephone: it is theirs. A guardian
  // of the child it does not name (one added to the record later) does not read the others' data in it.
  const cpf = onlyDigits(quem?.cpf ?? '');
  const emails = new Set([quem?.email, quem?.login].filter(Boolean).map((email) => email!.toLowerCase()));
  const nomeia = (campos: ContratoCampos) =>
    campos.responsaveis.some(
      (parte) =>
        (cpf !== '' && onlyDigits(parte.cpf ?? '') === cpf) ||
        (parte.email !== null && emails.has(parte.email.toLowerCase())),
    );
  return rows
    .filter(({ contrato }) => nomeia(contrato.campos))
    .map(({ contrato }) => ({
      id: contrato.id,
      aluno: contrato.campos.aluno.nome,
      serie: contrato.campos.serie,
      ano_letivo: contrato.campos.ano_letivo,
      assinado_em: contrato.assinadoEm!.toISOString(),
      codigo_validacao: contrato.codigoValidacao,
    }));
}

/** A signed contract's PDF for a guardian of the student (404 for anyone else, as if it did not exist). */
export async function arquivoDaFamilia(db: DbOrTx, userId: string, id: string) {
  const visiveis = await listarContratosDaFamilia(db, userId);
  if (!visiveis.some((item) => item.id === id)) throw notFound('Contrato não encontrado.');
  return arquivoDoContrato(db, id);
}
