/**
 * 'Meus dados' on paper (LGPD art. 19, II: a clear and complete statement): the export of
 * data-rights.service.ts grouped by the processing register's categories, each row as 'Rótulo: valor'
 * lines a family reads. The JSON copy stays the complete, machine-readable one (art. 18, V).
 */
import { cobrancaNaFrase } from '../../../shared/mensalidades.schemas.js';
import { inArray, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { MeusDados } from '../../../shared/data-rights.schemas.js';
import { formatCount, formatDateTime } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { agendaDias } from '../../db/schema/agenda.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { comunicados } from '../../db/schema/comunicados.js';
import { consentPurposes } from '../../db/schema/consent.js';
import { assessments } from '../../db/schema/grades.js';
import { perfis } from '../../db/schema/perfis.js';
import { drawOnEveryPage, renderPdf } from '../../lib/pdf.js';
import { fieldsOf, tableTitle, type Reading } from './data-rights.labels.js';
import type { Retention, Treatment } from './processing-register.model.js';
import { TREATMENTS } from './processing-register.js';

type Rows = Record<string, unknown>[];

/** Entries of the export that are not tables, read as the table they come from. */
const SOURCE_TABLE: Record<string, string> = { acessos_ao_portal: 'audit_log' };

/** The register's entry of each table, in the register's order (the order of the printed sections). */
const REGISTER = new Map<string, { ordem: number; treatment: Treatment }>();
TREATMENTS.forEach((treatment, ordem) => {
  for (const dado of treatment.dados) {
    const name = getTableConfig(dado.tabela).name;
    if (!REGISTER.has(name)) REGISTER.set(name, { ordem, treatment });
  }
});

/** Kept only to run the system (sessions, queues, files being built): counted on paper, not listed. */
const TECHNICAL_RETENTION = new Set<Retention>(['tecnico', 'fila', 'exportacao']);
/** The bank's CNAB files are kept as long as the money they moved, but a family reads nothing in them. */
const TECHNICAL_TABLES = new Set(['cnab_remessas', 'cnab_retornos', 'cnab_ocorrencias']);

function isTechnical(table: string): boolean {
  const entry = REGISTER.get(table);
  return (
    TECHNICAL_TABLES.has(table) || (entry !== undefined && TECHNICAL_RETENTION.has(entry.treatment.retencao))
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string' && UUID.test(value)) into.add(value);
  else if (Array.isArray(value)) for (const item of value) idsIn(item, into);
  return into;
}

/** What an id of a catalogue reads as, for the ids the export points at (a purpose, a class, a test). */
const NAMES: ((db: DbOrTx, ids: string[]) => Promise<{ id: string; nome: string }[]>)[] = [
  (db, ids) =>
    db
      .select({ id: consentPurposes.id, nome: consentPurposes.titulo })
      .from(consentPurposes)
      .where(inArray(consentPurposes.id, ids)),
  (db, ids) => db.select({ id: perfis.id, nome: perfis.nome }).from(perfis).where(inArray(perfis.id, ids)),
  (db, ids) =>
    db.select({ id: classes.id, nome: classes.nome }).from(classes).where(inArray(classes.id, ids)),
  (db, ids) =>
    db
      .select({
        id: assessments.id,
        nome: sql<string>`${assessments.disciplina} || ' — ' || ${assessments.nome}`,
      })
      .from(assessments)
      .where(inArray(assessments.id, ids)),
  (db, ids) =>
    db
      .select({
        id: attendanceRolls.id,
        nome: sql<string>`concat_ws(' — ', to_char(${attendanceRolls.data}, 'DD/MM/YYYY'), ${attendanceRolls.disciplina})`,
      })
      .from(attendanceRolls)
      .where(inArray(attendanceRolls.id, ids)),
  (db, ids) =>
    db
      .select({ id: agendaDias.id, nome: sql<string>`to_char(${agendaDias.data}, 'DD/MM/YYYY')` })
      .from(agendaDias)
      .where(inArray(agendaDias.id, ids)),
  (db, ids) =>
    db
      .select({ id: comunicados.id, nome: comunicados.titulo })
      .from(comunicados)
      .where(inArray(comunicados.id, ids)),
];

/**
 * Names for the ids the export's rows point at: the children, the family's own conversations and
 * tuition (from the export itself), and the school's catalogues (read here, only for those ids).
 */
async function namesFor(db: DbOrTx, dados: MeusDados): Promise<Map<string, string>> {
  const nomes = new Map<string, string>(dados.filhos.map((child) => [child.id, child.nome]));
  const ids = new Set<string>();
  for (const tables of [dados.responsavel, ...dados.filhos.map((child) => child.dados)])
    for (const [table, rows] of Object.entries(tables))
      for (const row of rows) {
        for (const value of Object.values(row)) idsIn(value, ids);
        if (typeof row.id !== 'string') continue;
        if (table === 'conversas' && typeof row.assunto === 'string') nomes.set(row.id, row.assunto);
        // A charge as every other text names it: 'mensalidade de março de 2026', 'taxa de matrícula 2027'.
        if (table === 'mensalidades' && typeof row.mes_referencia === 'string')
          nomes.set(
            row.id,
            cobrancaNaFrase({
              tipo: row.tipo === 'taxa_matricula' ? 'taxa_matricula' : 'mensalidade',
              mes_referencia: row.mes_referencia,
              anuidade_ano: typeof row.anuidade_ano === 'number' ? row.anuidade_ano : null,
            }),
          );
      }
  const wanted = [...ids].filter((id) => !nomes.has(id));
  if (wanted.length > 0)
    for (const query of NAMES) for (const { id, nome } of await query(db, wanted)) nomes.set(id, nome);
  return nomes;
}

interface Section {
  titulo: string;
  finalidade: string | null;
  tables: [table: string, rows: Rows][];
}

/** A person's tables grouped by the register's category, in its order; tables it does not name, last. */
function sectionsOf(tables: Record<string, Rows>): Section[] {
  const groups = new Map<number, Section>();
  for (const [table, rows] of Object.entries(tables)) {
    if (rows.length === 0) continue;
    const entry = REGISTER.get(SOURCE_TABLE[table] ?? table);
    const ordem = entry?.ordem ?? Number.MAX_SAFE_INTEGER;
    const section = groups.get(ordem) ?? {
      titulo: entry?.treatment.categoria ?? 'Outros registros',
      finalidade: entry?.treatment.finalidade ?? null,
      tables: [],
    };
    section.tables.push([table, rows]);
    groups.set(ordem, section);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([, section]) => section);
}

/** A heading is not left alone at a page's foot: what follows it needs `points` below it, or a new page. */
function keepWithNext(doc: PDFKit.PDFDocument, points: number) {
  if (doc.y + points > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

const BLUE = '#1e3a8a';
const GREY = '#555555';
const JSON_BUTTON = '“Baixar para outro sistema” (arquivo JSON)';

function writeFields(doc: PDFKit.PDFDocument, fields: [string, string][], oneLineEach: boolean) {
  doc.fontSize(9).fillColor('#000000');
  fields.forEach(([label, text], index) => {
    const last = index === fields.length - 1;
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc
      .font('Helvetica')
      .text(last || oneLineEach ? text : `${text}  ·  `, { continued: !last && !oneLineEach });
  });
}

function writeTable(doc: PDFKit.PDFDocument, table: string, rows: Rows, reading: Reading) {
  const titulo = tableTitle(table);
  if (isTechnical(table)) {
    doc
      .moveDown(0.4)
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#000000')
      .text(
        `${formatCount(rows.length, 'registro técnico', 'registros técnicos')} (${titulo.charAt(0).toLowerCase()}${titulo.slice(1)}): ${rows.length === 1 ? 'não é listado aqui; está completo' : 'não são listados aqui; estão completos'} no arquivo ${JSON_BUTTON}.`,
      );
    return;
  }
  doc.moveDown(0.5);
  keepWithNext(doc, 40);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#000000')
    .text(rows.length > 1 ? `${titulo} (${String(rows.length)})` : titulo);
  let blank = 0;
  for (const row of rows) {
    const fields = fieldsOf(table, row, reading);
    if (fields.length === 0) {
      blank++;
      continue;
    }
    doc.moveDown(0.25);
    // One record: a field a line, as a form reads; several: a paragraph each, as a list reads.
    writeFields(doc, fields, rows.length === 1);
  }
  if (blank > 0)
    doc
      .moveDown(0.25)
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(
        `${formatCount(blank, 'registro só com códigos internos', 'registros só com códigos internos')}, ${blank === 1 ? 'completo' : 'completos'} no arquivo ${JSON_BUTTON}.`,
      );
}

function writePerson(
  doc: PDFKit.PDFDocument,
  titulo: string,
  tables: Record<string, Rows>,
  reading: Reading,
) {
  doc.moveDown(1.2);
  keepWithNext(doc, 110);
  doc.font('Helvetica-Bold').fontSize(15).fillColor('#000000').text(titulo);
  const sections = sectionsOf(tables);
  if (sections.length === 0)
    doc.moveDown(0.4).font('Helvetica').fontSize(9).text('Nenhum outro registro além dos já listados.');
  for (const section of sections) {
    doc.moveDown(0.8);
    keepWithNext(doc, 70);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text(section.titulo);
    if (section.finalidade)
      doc.font('Helvetica').fontSize(8).fillColor(GREY).text(`Para quê: ${section.finalidade}`);
    for (const [table, rows] of section.tables) writeTable(doc, table, rows, reading);
  }
}

/** A row's identity across the copy: the same table and the same values. */
const sameRow = (table: string, row: Record<string, unknown>) => `${table}\u0000${JSON.stringify(row)}`;

/**
 * The export as a document a family reads and prints: an opening that says what it is and where the
 * complete copy is, then the guardian's data and each child's, by the register's categories.
 */
export async function meusDadosPdf(db: DbOrTx, dados: MeusDados): Promise<Buffer> {
  const nomes = await namesFor(db, dados);
  const guardian = dados.responsavel.guardians?.[0];
  const own = new Set<string>();
  for (const table of ['guardians', 'users'])
    for (const row of dados.responsavel[table] ?? []) if (typeof row.id === 'string') own.add(row.id);
  // A consent, a conversation or a reading of the agenda names the guardian and a child: printed once,
  // under the child it is about.
  const aboutChildren = new Set(
    dados.filhos.flatMap((child) =>
      Object.entries(child.dados).flatMap(([table, rows]) => rows.map((row) => sameRow(table, row))),
    ),
  );
  const ownTables = Object.fromEntries(
    Object.entries(dados.responsavel).map(([table, rows]) => [
      table,
      rows.filter((row) => !aboutChildren.has(sameRow(table, row))),
    ]),
  );

  return renderPdf(
    { margin: 48, bufferPages: true, info: { Title: 'Meus dados', Author: dados.escola } },
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text(`Meus dados — ${dados.escola}`);
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(GREY)
        .text(`Cópia dos dados pessoais (LGPD, art. 18 e 19), gerada em ${formatDateTime(dados.gerado_em)}.`);
      doc
        .moveDown(0.8)
        .fontSize(10)
        .fillColor('#000000')
        .text(
          'Este documento reúne os dados pessoais que a escola mantém sobre você e sobre seus filhos. ' +
            'Eles estão agrupados como no registro das operações de tratamento de dados da escola: cada grupo diz, em cinza, para que a escola guarda aqueles dados. ' +
            'O que a escola registrou sobre um filho com a sua participação (consentimentos, conversas, leituras) aparece na parte dele.',
        )
        .moveDown(0.5)
        .text(
          'Para ficar legível, esta cópia não mostra campos vazios nem os códigos internos do sistema, e os registros técnicos (segurança do acesso, arquivos em preparo) aparecem só contados. ' +
            `A cópia completa, com todos os campos e num formato que outro sistema lê (LGPD, art. 18, V), é o arquivo do botão ${JSON_BUTTON}, na mesma tela Meus dados do portal.`,
        );
      const reading = (proprio: string | null): Reading => ({
        nomes,
        proprios: proprio ? new Set([...own, proprio]) : own,
      });
      writePerson(
        doc,
        typeof guardian?.nome === 'string' ? `Seus dados — ${guardian.nome}` : 'Seus dados',
        ownTables,
        reading(null),
      );
      for (const child of dados.filhos)
        writePerson(doc, `Dados de ${child.nome}`, child.dados, reading(child.id));
      drawOnEveryPage(doc, ({ numero, total, left, width }) => {
        doc
          .font('Helvetica')
          .fontSize(8)
          .fillColor(GREY)
          .text(
            `Meus dados — ${dados.escola} — página ${String(numero)} de ${String(total)}`,
            left,
            doc.page.height - 32,
            {
              width,
              align: 'center',
            },
          );
      });
    },
  );
}
