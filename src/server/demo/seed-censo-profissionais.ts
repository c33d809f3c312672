/**
 * The demo school's professionals for the Censo Escolar (issue 37, part 3): its director — Ana Paula
 * Ribeiro, the Direção account's person, a gestor outside the teaching staff — and complete census data
 * for every teacher (a CPF where the record had none, birth data, a licenciatura, formação continuada),
 * so the demo's Matrícula Inicial has no pendência of its professionals.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { completeCpf } from '../../shared/validators.js';
import type { DbOrTx } from '../db/client.js';
import { censoProfissionais } from '../db/schema/censo.js';
import { disciplinas } from '../db/schema/disciplinas.js';
import { teachers } from '../db/schema/teachers.js';

/** What every demo professional shares: born in São Paulo, living there, a licenciada with no pós. */
const comum = {
  corRaca: '0',
  nacionalidade: '1',
  paisNacionalidade: '76',
  municipioNascimento: '3550308',
  filiacao: '0',
  paisResidencia: '76',
  cepResidencia: '01310100',
  municipioResidencia: '3550308',
  zonaResidencia: '1',
  localizacaoDiferenciada: '7',
  escolaridade: '6',
  tipoEnsinoMedio: '1',
  posGraduacoes: ['nao_possui'],
  formacaoContinuada: ['anos_finais', 'tic'],
};

/** INEP course codes of licenciaturas (Pedagogia, Letras, Matemática, Ciências Biológicas, História). */
const CURSOS = ['142P01', '145L01', '145M01', '145B01', '145H01'];

/**
 * The demo's subjects outside the BNCC's componentes (itinerários, projeto de vida) get INEP's own
 * componente, so each docente's record 50 names what they teach ('33' projeto de vida, '99' outras).
 */
async function componentesDasDisciplinas(tx: DbOrTx): Promise<void> {
  const semCodigo = await tx
    .select()
    .from(disciplinas)
    .where(and(isNull(disciplinas.codigoInep), isNull(disciplinas.componenteBncc)));
  for (const disciplina of semCodigo)
    await tx
      .update(disciplinas)
      .set({ codigoInep: /projeto de vida/i.test(disciplina.nome) ? '33' : '99' })
      .where(eq(disciplinas.id, disciplina.id));
}

export async function seedCensoProfissionais(tx: DbOrTx): Promise<void> {
  await componentesDasDisciplinas(tx);
  const staff = await tx.select().from(teachers).orderBy(asc(teachers.email));
  for (const [index, teacher] of staff.entries()) {
    if (!teacher.cpf)
      await tx
        .update(teachers)
        .set({ cpf: completeCpf(String(410_000_000 + index * 1_009)) })
        .where(eq(teachers.id, teacher.id));
    const primeiro = teacher.nome.split(' ')[0] ?? '';
    await tx
      .insert(censoProfissionais)
      .values({
        ...comum,
        professorId: teacher.id,
        dataNascimento: `${String(1970 + (index % 25))}-0${String(1 + (index % 9))}-1${String(index % 10)}`,
        sexo: primeiro.endsWith('a') ? 'feminino' : 'masculino',
        cursosSuperiores: [
          {
            curso: CURSOS[index % CURSOS.length]!,
            ano: 1995 + (index % 25),
            ies: '575',
            grau: 'licenciatura',
          },
        ],
      })
      .onConflictDoNothing();
  }
  const [director] = await tx.select().from(censoProfissionais).where(isNull(censoProfissionais.professorId));
  if (director) return;
  await tx.insert(censoProfissionais).values({
    ...comum,
    nome: 'Ana Paula Ribeiro',
    cpf: completeCpf('420000017'),
    email: 'admin@demo.escola',
    dataNascimento: '1972-09-21',
    sexo: 'feminino',
    cursosSuperiores: [{ curso: '142P01', ano: 1996, ies: '575', grau: 'licenciatura' }],
    formacaoContinuada: ['gestao_escolar'],
    gestorCargo: '1',
    gestorCriterioAcesso: '1',
  });
}
