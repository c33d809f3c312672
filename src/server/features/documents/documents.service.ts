import { and, desc, eq } from 'drizzle-orm';
import {
  documentoTipoLabels,
  initialsOf,
  normalizeCode,
  selfServiceTipos,
  type DocumentoTipo,
  type IssueDocumentInput,
  type IssuedDocument,
  type SchoolDocument,
} from '../../../shared/documents.schemas.js';
import type { AppContext } from '../../context.js';
import { clock } from '../../lib/clock.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { lockForUpdate } from '../../lib/versioning.js';
import { enforceWriteLimits, ownRows, WRITE_LIMITS } from '../../lib/write-limits.js';
import type { Viewer } from '../classes/index.js';
import { can, type Permission } from '../../../shared/permissions.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { scopeOf, studentNotFound, studentsInScope } from '../students/index.js';
import { students, type StudentRow } from '../../db/schema/students.js';
import { generateVerificationCode } from './documents.code.js';
import { buildDocumentContent } from './documents.content.js';
import { renderDocumentPdf } from './documents.pdf.js';
import { schoolDocuments, type SchoolDocumentRow } from '../../db/schema/documents.js';

/**
 * Issuing, listing, printing and revoking school documents. An administrator issues any
 * type; a guardian the self-service ones for their own children, at once and whatever the family owes
 * (Lei 9.870/1999 art. 6: no document is withheld for debt, so nothing here reads the finance tables).
 */

export type DocumentsContext = Pick<AppContext, 'db' | 'config'>;

const documentNotFound = () => notFound('Documento não encontrado.');

export const validationUrl = (publicUrl: string, codigo: string) => `${publicUrl}/validar/${codigo}`;

function toDocument(row: SchoolDocumentRow, publicUrl: string): SchoolDocument {
  return {
    id: row.id,
    aluno_id: row.alunoId,
    tipo: row.tipo,
    codigo: row.codigo,
    url: validationUrl(publicUrl, row.codigo),
    origem: row.origem,
    emitido_em: row.emitidoEm.toISOString(),
    emitido_por: row.emitidoPorNome,
    status: row.revogadoEm ? 'revogado' : 'valido',
    revogado_em: row.revogadoEm?.toISOString() ?? null,
    revogado_por: row.revogadoPorNome,
    motivo_revogacao: row.motivoRevogacao,
  };
}

/** The student if the viewer reaches them (404 otherwise, so ids cannot be probed). */
async function reachableStudent(db: DbOrTx, viewer: Viewer, alunoId: string): Promise<StudentRow> {
  const scope = await scopeOf(db, viewer);
  const [student] = await db
    .select()
    .from(students)
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!student) throw studentNotFound();
  return student;
}

/** Which rule stops this document for this student now (null: it may be issued). */
function refusalOf(tipo: DocumentoTipo, student: StudentRow): string | null {
  if (tipo === 'declaracao_matricula' && student.status !== 'ativo')
    return 'A declaração de matrícula é só para alunos ativos. Para quem saiu, emita a declaração de transferência ou o histórico escolar.';
  if (tipo === 'declaracao_transferencia' && student.status !== 'ativo' && student.status !== 'transferido')
    return 'A declaração de transferência é para alunos ativos ou transferidos.';
  return null;
}

/**
 * POST /api/documentos. The declarations ('documents.issue') are a family's self-service and the
 * secretaria's routine; the histórico and the transfer declaration are the school's record of a
 * student's life and need 'documents.manage' (ADR 0014), as revoking does.
 */
export async function issueDocument(
  ctx: DocumentsContext,
  viewer: Viewer & { permissoes: readonly Permission[] },
  actor: Actor,
  input: IssueDocumentInput,
): Promise<IssuedDocument> {
  // A student's own account issues what a family may, for themselves only (scope: ADR 0029).
  const guardian = viewer.nivel === 'responsavel' || viewer.nivel === 'aluno';
  const declarationsOnly = guardian || !can(viewer.permissoes, 'documents.manage');
  if (viewer.nivel === 'professor')
    throw new AppError('FORBIDDEN', 'Documentos são emitidos pela secretaria.');
  return ctx.db.transaction(async (tx) => {
    // A family issues a few a day; each is a stored, numbered document with a public code (ADR 0018).
    await enforceWriteLimits(tx, viewer, 'documentos', [
      {
        limit: WRITE_LIMITS.documentos,
        source: ownRows(schoolDocuments, schoolDocuments.emitidoEm, schoolDocuments.emitidoPor, viewer.id),
      },
    ]);
    const student = await reachableStudent(tx, viewer, input.aluno_id);
    if (declarationsOnly && !(selfServiceTipos as readonly string[]).includes(input.tipo))
      throw new AppError(
        'FORBIDDEN',
        guardian
          ? `Este documento (${documentoTipoLabels[input.tipo]}) é emitido pela secretaria da escola. Peça na secretaria.`
          : `Este documento (${documentoTipoLabels[input.tipo]}) pede a permissão de emitir qualquer documento escolar; o seu perfil emite só as declarações.`,
      );
    const refusal = refusalOf(input.tipo, student);
    if (refusal) throw conflict(refusal);
    const conteudo = await buildDocumentContent(tx, viewer, student, input.tipo);
    // 100 random bits never repeat in practice; the unique index makes sure, and a clash draws again.
    let row: SchoolDocumentRow | undefined;
    for (let attempt = 0; row === undefined; attempt++) {
      if (attempt === 4) throw new Error('código de verificação repetido');
      [row] = await tx
        .insert(schoolDocuments)
        .values({
          codigo: generateVerificationCode(),
          tipo: input.tipo,
          alunoId: student.id,
          iniciais: initialsOf(student.nome),
          conteudo,
          origem: guardian ? 'portal' : 'secretaria',
          emitidoEm: clock.now(),
          emitidoPor: viewer.id,
          emitidoPorNome: actor.nome,
        })
        .onConflictDoNothing({ target: schoolDocuments.codigo })
        .returning();
    }
    await recordAudit(tx, actor, {
      action: 'emitir',
      entity: 'documento',
      entityId: row.id,
      details: { tipo: row.tipo, codigo: row.codigo, aluno_id: student.id, origem: row.origem },
    });
    return { id: row.id, codigo: row.codigo, url: validationUrl(ctx.config.publicUrl, row.codigo) };
  });
}

/** GET /api/documentos?aluno_id= — newest first. */
export async function listDocuments(
  ctx: DocumentsContext,
  viewer: Viewer,
  alunoId: string,
): Promise<SchoolDocument[]> {
  await reachableStudent(ctx.db, viewer, alunoId);
  const rows = await ctx.db
    .select()
    .from(schoolDocuments)
    .where(eq(schoolDocuments.alunoId, alunoId))
    .orderBy(desc(schoolDocuments.emitidoEm), desc(schoolDocuments.id));
  return rows.map((row) => toDocument(row, ctx.config.publicUrl));
}

/** A document the viewer reaches: an administrator any; a guardian those of their own children. */
async function reachableDocument(db: DbOrTx, viewer: Viewer, id: string): Promise<SchoolDocumentRow> {
  const [row] = await db.select().from(schoolDocuments).where(eq(schoolDocuments.id, id));
  if (!row) throw documentNotFound();
  if (viewer.nivel === 'administrador') return row;
  if (row.alunoId === null) throw documentNotFound();
  const scope = await scopeOf(db, viewer);
  const [reached] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, row.alunoId), studentsInScope(scope)));
  if (!reached || viewer.nivel === 'professor') throw documentNotFound();
  return row;
}

const fileNames: Record<DocumentoTipo, string> = {
  declaracao_matricula: 'declaracao-matricula',
  declaracao_frequencia: 'declaracao-frequencia',
  declaracao_transferencia: 'declaracao-transferencia',
  historico_escolar: 'historico-escolar',
};

/** GET /api/documentos/:id/pdf — drawn from the stored content, so it never changes. */
export async function buildDocumentPdf(ctx: DocumentsContext, viewer: Viewer, id: string) {
  const row = await reachableDocument(ctx.db, viewer, id);
  const body = await renderDocumentPdf(ctx.db, {
    tipo: row.tipo,
    codigo: row.codigo,
    conteudo: row.conteudo,
    emitidoEm: row.emitidoEm,
    url: validationUrl(ctx.config.publicUrl, row.codigo),
  });
  const safeMatricula = row.conteudo.aluno.matricula.replace(/[^A-Za-z0-9-]+/g, '-');
  return {
    body,
    fileName: `${fileNames[row.tipo]}-${safeMatricula}-${row.codigo.slice(0, 4)}.pdf`,
    alunoId: row.alunoId,
  };
}

/** POST /api/documentos/:id/revogar — once; the reason is kept and audited. */
export async function revokeDocument(
  ctx: DocumentsContext,
  actor: Actor,
  id: string,
  motivo: string,
): Promise<SchoolDocument> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockForUpdate(tx, schoolDocuments, id, documentNotFound);
    if (row.revogadoEm) throw conflict('Este documento já foi revogado.');
    const [updated] = await tx
      .update(schoolDocuments)
      .set({ revogadoEm: clock.now(), revogadoPorNome: actor.nome, motivoRevogacao: motivo })
      .where(eq(schoolDocuments.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'revogar',
      entity: 'documento',
      entityId: id,
      details: { tipo: row.tipo, codigo: row.codigo, aluno_id: row.alunoId, motivo },
    });
    return toDocument(updated!, ctx.config.publicUrl);
  });
}

export interface VerifiedDocument {
  codigo: string;
  tipo: DocumentoTipo;
  emitidoEm: Date;
  iniciais: string;
  revogadoEm: Date | null;
}

/** GET /validar/:codigo — only what the public page may show; null for an unknown or malformed code. */
export async function verifyDocument(db: DbOrTx, typed: string): Promise<VerifiedDocument | null> {
  const codigo = normalizeCode(typed);
  if (codigo === null) return null;
  const [row] = await db
    .select({
      codigo: schoolDocuments.codigo,
      tipo: schoolDocuments.tipo,
      emitidoEm: schoolDocuments.emitidoEm,
      iniciais: schoolDocuments.iniciais,
      revogadoEm: schoolDocuments.revogadoEm,
    })
    .from(schoolDocuments)
    .where(eq(schoolDocuments.codigo, codigo));
  return row ?? null;
}
