/**
 * Issue 38: the streamed census file (fluxo.ts + lotes.ts) is the in-memory one byte for byte, with the
 * same pending list in the same order, on a school of several classes read in chunks of three students
 * (names that sort differently in pt-BR and in the database, a name shared by two students, a student in
 * two classes, two classes of the same name, census data filled for some).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { censoAlunos } from '../../db/schema/censo.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { students } from '../../db/schema/students.js';
import { eq } from 'drizzle-orm';
import { insertClass, insertStudent } from '../../test/records-fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import { definirCodigoEscola } from './arquivos.test-setup.js';
import { arquivoCenso, montarCenso } from './censo.service.js';
import { Pendencias, percorrerCenso, saidaArquivo, saidaNenhuma } from './fluxo.js';
import { lotesDeTurmas, TAMANHO_DO_LOTE } from './lotes.js';

const t = setupTestApp();
let pasta = '';
beforeAll(async () => {
  pasta = await mkdtemp(path.join(os.tmpdir(), 'censo-fluxo-'));
  TAMANHO_DO_LOTE.alunos = 3;
});
afterAll(async () => {
  TAMANHO_DO_LOTE.alunos = 1000;
  await rm(pasta, { recursive: true, force: true });
});

const NOMES = [
  'Ávila Souza',
  'alice Prado',
  'Ana Luísa',
  'Ângela Maria',
  'Bruno Çelik',
  'Ana Luísa',
  'Zé Carlos',
  'Érica Dias',
  'eduardo Lima',
  'Otávio Sá',
  'Óscar Brito',
  'Caio Rocha',
];

async function escolaDeVariasTurmas() {
  await definirCodigoEscola(t);
  const turmas = [
    await insertClass(t, null, 40, { nome: '1º ano B', serie: '1º ano', turno: 'manha' }),
    await insertClass(t, null, 40, { nome: '1º ano a', serie: '1º ano', turno: 'manha' }),
    await insertClass(t, null, 40, { nome: 'Ênfase 2', serie: '2º ano', turno: 'tarde' }),
    await insertClass(t, null, 40, { nome: '3º ano', serie: '3º ano', turno: 'tarde' }),
    await insertClass(t, null, 40, { nome: '3º ano', serie: '3º ano', turno: 'noite' }),
  ];
  const alunos = [];
  for (const [index, nome] of NOMES.entries()) {
    const turma = turmas[index % turmas.length]!;
    const aluno = await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.database.db.update(students).set({ nome }).where(eq(students.id, aluno.id));
    alunos.push(aluno);
  }
  // One in two classes on the date (a pendência of the sources' own), one admitted after it (stage 2).
  await t.database.db
    .insert(classMemberships)
    .values({ alunoId: alunos[0]!.id, turmaId: turmas[3]!.id, inicio: '2026-03-01', fim: '2026-11-30' });
  await insertStudent(t, turmas[2]!.id, undefined, '2026-08-03');
  for (const aluno of alunos.slice(0, 6))
    await t.database.db.insert(censoAlunos).values({
      alunoId: aluno.id,
      corRaca: '3',
      nacionalidade: '1',
      paisNacionalidade: '76',
      transportePublico: aluno === alunos[1],
    });
}

async function streamed(etapa: 'matricula-inicial' | 'situacao-do-aluno', nome: string) {
  const caminho = path.join(pasta, nome);
  const saida = await saidaArquivo(caminho);
  const progresso: number[] = [];
  const passagem = await percorrerCenso(t.database.db, 2026, etapa, saida, {}, (feitos) => {
    progresso.push(feitos);
  });
  const bytes = await saida.fechar();
  return { passagem, conteudo: await readFile(caminho), bytes, progresso };
}

describe('the streamed census file', () => {
  it('is the in-memory file byte for byte, with the same pending list, read three students at a time', async () => {
    await escolaDeVariasTurmas();
    for (const etapa of ['matricula-inicial', 'situacao-do-aluno'] as const) {
      const antigo = await arquivoCenso(await montarCenso(t.database.db, 2026, etapa));
      const novo = await streamed(etapa, `${etapa}.txt`);
      expect(novo.conteudo.toString('latin1')).toBe(antigo.bytes.toString('latin1'));
      expect(novo.conteudo.equals(antigo.bytes), etapa).toBe(true);
      expect(novo.bytes).toBe(antigo.bytes.length);
      expect(novo.passagem.pendencias).toEqual(antigo.pendencias);
      expect(antigo.pendencias.length, etapa).toBeGreaterThan(0);
    }
    const inicial = await streamed('matricula-inicial', 'de-novo.txt');
    // Records 30 and 60 in chunks: progress told several times on the way.
    expect(inicial.progresso.length).toBeGreaterThan(6);
    expect(
      inicial.conteudo
        .toString('latin1')
        .split('\n')
        .filter((l) => l.startsWith('30|')).length,
    ).toBe(NOMES.length);
  });

  it('keeps at most the limit of each record, field and message, and counts them all', async () => {
    await escolaDeVariasTurmas();
    const inteira = await percorrerCenso(t.database.db, 2026, 'matricula-inicial', saidaNenhuma);
    const limitada = await percorrerCenso(
      t.database.db,
      2026,
      'matricula-inicial',
      saidaNenhuma,
      {},
      undefined,
      1,
    );
    const tipo = (p: { registro: string; campo: string; mensagem: string }) =>
      `${p.registro}|${p.campo}|${p.mensagem}`;
    expect(limitada.totalPendencias).toBe(inteira.pendencias.length);
    expect(limitada.pendencias.length).toBeLessThan(inteira.pendencias.length);
    expect(new Set(limitada.pendencias.map(tipo)).size).toBe(limitada.pendencias.length);
    expect(new Set(limitada.pendencias.map(tipo))).toEqual(new Set(inteira.pendencias.map(tipo)));
  });

  it('counts a message that names its class as one kind, and builds no pendência past the limit', () => {
    const lista = new Pendencias(2);
    const de = (mensagem: string, campo = 'Data de nascimento') => ({
      registro: '30',
      entidade: 'aluno' as const,
      entidade_id: 'a',
      nome: 'Ana',
      campo,
      mensagem,
      link: '/x',
    });
    lista.anotar(['1º A', '1º B', '2º A'].map((turma) => de(`Idade fora da etapa. (Turma ${turma}.)`)));
    lista.anotar([de('Idade fora da etapa. (Turma 3º A.)', 'CPF')]);
    const linha = {
      tipo: '30',
      entidade: 'aluno',
      entidadeId: 'b',
      nome: 'Bia',
      link: '/y',
      valores: {},
    } as const;
    for (let i = 0; i < 5; i++) lista.daLinha(linha, 'Sexo', 'Não preenchido: o INEP exige este campo.');
    expect(lista.total).toBe(9);
    expect(lista.lista.map((p) => `${p.campo}: ${p.mensagem}`)).toEqual([
      'Data de nascimento: Idade fora da etapa. (Turma 1º A.)',
      'Data de nascimento: Idade fora da etapa. (Turma 1º B.)',
      'CPF: Idade fora da etapa. (Turma 3º A.)',
      'Sexo: Não preenchido: o INEP exige este campo.',
      'Sexo: Não preenchido: o INEP exige este campo.',
    ]);
    expect(lista.lista[3]).toEqual({
      registro: '30',
      entidade: 'aluno',
      entidade_id: 'b',
      nome: 'Bia',
      campo: 'Sexo',
      mensagem: 'Não preenchido: o INEP exige este campo.',
      link: '/y',
    });
  });

  it('never splits classes of the same name between two chunks', () => {
    TAMANHO_DO_LOTE.alunos = 3;
    const lotes = lotesDeTurmas([
      { turmaId: 'a', nome: '1A', matriculas: 2 },
      { turmaId: 'b', nome: '1B', matriculas: 2 },
      { turmaId: 'c', nome: '1B', matriculas: 2 },
      { turmaId: 'd', nome: '1B', matriculas: 1 },
      { turmaId: 'e', nome: '2A', matriculas: 5 },
      { turmaId: 'f', nome: '2B', matriculas: 1 },
    ]);
    expect(lotes).toEqual([['a', 'b', 'c', 'd'], ['e'], ['f']]);
  });
});
