/**
 * The demo students' census data (issue 37, part 2): every student of the demo gets what record 30 asks,
 * deterministic by the order of their names, so the demo exports with an empty pending list. Cor/raça
 * cycles through INEP's list, 'não declarada' included; two students carry a deficiência-like answer
 * (TEA with 'Nenhum' recurso, altas habilidades) so the inclusion view and the file have something to show.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { censoAlunos } from '../db/schema/censo.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';

const CORES = ['3', '1', '0', '2', '3', '1', '4', '3', '5', '0'];
/** São Paulo, Rio de Janeiro, Belo Horizonte, Salvador, Recife (IBGE). */
const MUNICIPIOS = ['3550308', '3550308', '3304557', '3106200', '2927408', '2611606'];
/** The demo's addresses are in São Paulo (demo-addresses.ts). */
const SAO_PAULO = '3550308';
const CEPS = ['01001000', '01310100', '01305000', '01426001', '01504001', '05405000'];

/** The demo's given names that are girls' (seed-records, seed-pareceres, seed-medio). */
const FEMININOS = new Set([
  'Ana',
  'Beatriz',
  'Camila',
  'Eduarda',
  'Giovanna',
  'Helena',
  'Isabela',
  'Júlia',
  'Laura',
  'Luiza',
  'Manuela',
  'Mariana',
  'Sofia',
  'Valentina',
  'Lorena',
  'Alice',
  'Lívia',
  'Cecília',
  'Heloísa',
  'Yasmin',
]);

export async function seedCensoAlunos(tx: DbOrTx): Promise<void> {
  const alunos = await tx
    .select({ id: students.id, nome: students.nome, sexo: students.sexo })
    .from(students)
    .orderBy(asc(students.nome));
  if (alunos.length === 0) return;
  // The census asks the sex the demo never typed: from the given name.
  for (const aluno of alunos.filter((row) => row.sexo === null)) {
    const primeiro = aluno.nome.split(' ')[0] ?? '';
    const sexo = FEMININOS.has(primeiro) || primeiro.endsWith('a') ? 'feminino' : 'masculino';
    await tx.update(students).set({ sexo }).where(eq(students.id, aluno.id));
  }
  const pais = await tx
    .select({
      alunoId: studentGuardians.alunoId,
      nome: guardians.nome,
      parentesco: studentGuardians.parentesco,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(inArray(studentGuardians.parentesco, ['mae', 'pai']));
  const rows = alunos.map(({ id }, i) => {
    const mae = pais.find((row) => row.alunoId === id && row.parentesco === 'mae')?.nome ?? null;
    const pai = pais.find((row) => row.alunoId === id && row.parentesco === 'pai')?.nome ?? null;
    const filiacao1 = mae ?? pai;
    const deficiencias = i === 4 ? ['tea'] : i === 9 ? ['altas_habilidades'] : [];
    return {
      alunoId: id,
      corRaca: CORES[i % CORES.length]!,
      nacionalidade: '1',
      paisNacionalidade: '76',
      municipioNascimento: MUNICIPIOS[i % MUNICIPIOS.length]!,
      filiacao: filiacao1 ? '1' : '0',
      filiacao1,
      filiacao2: mae ? pai : null,
      deficiencias,
      recursosSaeb: i === 4 ? ['nenhum'] : [],
      transportePublico: false,
      paisResidencia: '76',
      cepResidencia: CEPS[i % CEPS.length]!,
      municipioResidencia: SAO_PAULO,
      zonaResidencia: '1',
      localizacaoDiferenciada: '7',
    };
  });
  await tx.insert(censoAlunos).values(rows).onConflictDoNothing();
}
