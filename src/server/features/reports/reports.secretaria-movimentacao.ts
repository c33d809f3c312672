/**
 * Secretaria: the student movement report (enrolments, transfers, withdrawals and class changes in a
 * period), part of the secretaria's reports.
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { badRequest } from '../../lib/errors.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { newResult, type HubReport } from './reports.context.js';
import { groupBy } from '../../../shared/group-by.js';
import { formatDestino } from '../../../shared/students.schemas.js';

export const movementTypes = {
  matricula: 'Matrícula',
  mudanca: 'Mudança de turma',
  transferencia: 'Transferência',
} as const;

export const movimentacao: HubReport = {
  id: 'movimentacao',
  grupo: 'secretaria',
  titulo: 'Matrículas e transferências',
  descricao: () =>
    'Quem entrou na escola, mudou de turma ou saiu transferido num período, com as turmas de origem e destino e a escola para onde foi.',
  access: 'classes.write',
  formatos: ['csv', 'xlsx', 'pdf'],
  parametros: (context) => [
    { nome: 'de', rotulo: 'De', tipo: 'data', obrigatorio: false, padrao: `${String(context.year)}-01-01` },
    { nome: 'ate', rotulo: 'Até', tipo: 'data', obrigatorio: false, padrao: context.today },
  ],
  async run(run) {
    const de = run.filters.de ?? `${run.today.slice(0, 4)}-01-01`;
    const ate = run.filters.ate ?? run.today;
    if (ate < de)
      throw badRequest('O fim do período é anterior ao início.', [
        { path: 'ate', message: 'O fim do período é anterior ao início.' },
      ]);
    const enrolled = await run.db
      .select({
        id: students.id,
        nome: students.nome,
        matricula: students.matricula,
        data: students.dataMatricula,
      })
      .from(students)
      .where(and(gte(students.dataMatricula, de), lte(students.dataMatricula, ate)));
    // Every membership of students who moved or left: a class change is a membership that starts the
    // day after the previous one ended; a transfer is the end of the last one of a 'transferido'.
    const history = await run.db
      .select({
        alunoId: classMemberships.alunoId,
        nome: students.nome,
        matricula: students.matricula,
        status: students.status,
        escolaDestino: students.escolaDestino,
        municipioDestino: students.municipioDestino,
        ufDestino: students.ufDestino,
        turma: classes.nome,
        inicio: classMemberships.inicio,
        fim: classMemberships.fim,
      })
      .from(classMemberships)
      .innerJoin(students, eq(students.id, classMemberships.alunoId))
      .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
      .where(
        inArray(
          classMemberships.alunoId,
          run.db
            .select({ id: classMemberships.alunoId })
            .from(classMemberships)
            .where(
              sql`(${classMemberships.inicio} between ${de} and ${ate}) or (${classMemberships.fim} between ${sql`${de}::date - 1`} and ${ate})`,
            ),
        ),
      )
      .orderBy(classMemberships.alunoId, asc(classMemberships.inicio));
    const firstClass = new Map<string, string>();
    type Line = {
      data: string;
      tipo: string;
      nome: string;
      matricula: string;
      origem: string | null;
      destino: string | null;
    };
    const lines: Line[] = [];
    const byStudent = groupBy(history, (row) => row.alunoId);
    for (const [alunoId, rows] of byStudent) {
      firstClass.set(alunoId, rows[0]!.turma);
      rows.forEach((row, index) => {
        const previous = rows[index - 1];
        if (previous && row.inicio >= de && row.inicio <= ate)
          lines.push({
            data: row.inicio,
            tipo: movementTypes.mudanca,
            nome: row.nome,
            matricula: row.matricula,
            origem: previous.turma,
            destino: row.turma,
          });
      });
      const last = rows.at(-1)!;
      if (last.status === 'transferido' && last.fim !== null) {
        const left = new Date(`${last.fim}T12:00:00Z`);
        left.setUTCDate(left.getUTCDate() + 1);
        const data = left.toISOString().slice(0, 10);
        if (data >= de && data <= ate)
          lines.push({
            data,
            tipo: movementTypes.transferencia,
            nome: last.nome,
            matricula: last.matricula,
            origem: last.turma,
            // The school it went to, when the secretary was told (ADR 0086).
            destino:
              formatDestino({
                escola: last.escolaDestino,
                municipio: last.municipioDestino,
                uf: last.ufDestino,
              }) || null,
          });
      }
    }
    for (const row of enrolled)
      lines.push({
        data: row.data,
        tipo: movementTypes.matricula,
        nome: row.nome,
        matricula: row.matricula,
        origem: null,
        destino: firstClass.get(row.id) ?? null,
      });
    lines.sort((a, b) => a.data.localeCompare(b.data) || a.nome.localeCompare(b.nome, 'pt-BR'));
    const count = (tipo: string) => String(lines.filter((line) => line.tipo === tipo).length);
    return newResult(run, this, {
      subtitulo: `De ${de.split('-').reverse().join('/')} a ${ate.split('-').reverse().join('/')}`,
      cabecalho: Object.values(movementTypes).map((tipo) => ({ rotulo: tipo, valor: count(tipo) })),
      colunas: [
        { chave: 'data', rotulo: 'Data', tipo: 'data', peso: 1.2 },
        { chave: 'tipo', rotulo: 'Movimento', tipo: 'texto', peso: 1.8 },
        { chave: 'nome', rotulo: 'Aluno', tipo: 'texto', peso: 3 },
        { chave: 'matricula', rotulo: 'Matrícula', tipo: 'texto', peso: 1.3 },
        { chave: 'origem', rotulo: 'Turma de origem', tipo: 'texto', peso: 1.8 },
        { chave: 'destino', rotulo: 'Destino (turma ou escola)', tipo: 'texto', peso: 2.2 },
      ],
      linhas: lines,
      paisagem: true,
    });
  },
};
