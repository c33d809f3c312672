import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImportacaoIdsResultado } from '../../../shared/censo.schemas.js';
import { codigoProprio } from '../../../shared/censo.codigos.js';
import { auditLog } from '../../db/schema/audit.js';
import { censoAlunos, censoMatriculas, censoProfissionais, censoTurmas } from '../../db/schema/censo.js';
import { multipartFile } from '../../test/image-fixtures.js';
import { dataOf, insertClass, insertStudent, insertTeacher } from '../../test/records-fixtures.js';
import { signedIn } from '../../test/test-app.js';
import {
  CODIGO_ESCOLA,
  definirCodigoEscola,
  LAYOUT_TESTE,
  setupCensoTesteApp,
} from './arquivos.test-setup.js';
import { lerArquivoIds } from './importacao.js';

const t = setupCensoTesteApp();

const importar = (cookie: string, texto: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/censo-teste/2026/importar-ids',
    headers: { cookie, 'content-type': 'text/plain; charset=iso-8859-1' },
    payload: Buffer.from(texto, 'latin1'),
  });

/** Records of the tests' layout: 00 code at 2; 20 code/ID at 3/4; 30 code/ID/name at 3/4/6; 60 at 3,4,5,6,7. */
const r00 = (codigo = CODIGO_ESCOLA) => `00|${codigo}|ESCOLA||`;
const r20 = (id: string, inep: string) => `20|${CODIGO_ESCOLA}|${codigoProprio(id)}|${inep}|TURMA|14`;
const r30 = (codigo: string, inep: string, nome = 'PESSOA') =>
  `30|${CODIGO_ESCOLA}|${codigo}|${inep}||${nome}|10/03/2015|3|0|`;
const r60 = (aluno: string, turma: string, matricula: string) =>
  `60|${CODIGO_ESCOLA}|${codigoProprio(aluno)}||${codigoProprio(turma)}||${matricula}`;

async function escola() {
  await definirCodigoEscola(t);
  const admin = await signedIn(t, 'administrador');
  const teacher = await insertTeacher(t);
  const turma = await insertClass(t, teacher.id, 25, { nome: '1º ano A', serie: '1º ano' });
  const [ana, bia, caio, davi] = [
    await insertStudent(t, turma.id),
    await insertStudent(t, turma.id),
    await insertStudent(t, turma.id),
    await insertStudent(t, turma.id),
  ] as const;
  return { admin, teacher, turma, ana, bia, caio, davi };
}

const countsOf = async () => ({
  alunos: (await t.database.db.select().from(censoAlunos)).length,
  profissionais: (await t.database.db.select().from(censoProfissionais)).length,
  turmas: (await t.database.db.select().from(censoTurmas)).length,
  matriculas: (await t.database.db.select().from(censoMatriculas)).length,
});

describe('import of INEP IDs', () => {
  it('links people, classes and enrolments by our codes; reports unknown codes, divergent and duplicate IDs', async () => {
    const { admin, teacher, turma, ana, bia, caio, davi } = await escola();
    // Bia already has another ID: the file does not overwrite it.
    await t.database.db.insert(censoAlunos).values({ alunoId: bia.id, inepId: '111111111111' });
    const texto = [
      r00(),
      r20(turma.id, '4400001'),
      r30(codigoProprio(ana.id), '200000000001', 'ANA'),
      r30(codigoProprio(bia.id), '200000000002', 'BIA'),
      // One ID for two of our students: neither is linked.
      r30(codigoProprio(caio.id), '200000000009', 'CAIO'),
      r30(codigoProprio(davi.id), '200000000009', 'DAVI'),
      r30(codigoProprio(teacher.id), '300000000001', 'PROF'),
      r30('FFFFFFFFFFFFFFFFFFFF', '900000000001', 'DESCONHECIDA'),
      r60(ana.id, turma.id, '500000000001'),
      '99|',
    ].join('\r\n');
    const response = await importar(admin.cookie, texto);
    expect(response.statusCode, response.body).toBe(200);
    const result = dataOf<ImportacaoIdsResultado>(response);
    expect(result).toEqual({
      escola: { codigo_inep: CODIGO_ESCOLA, confere: true },
      vinculados: { alunos: 1, profissionais: 1, turmas: 1, matriculas: 1 },
      inalterados: 0,
      nao_encontrados: [{ registro: '30', codigo: 'FFFFFFFFFFFFFFFFFFFF', nome: 'DESCONHECIDA' }],
      divergentes: [
        {
          registro: '30',
          entidade_id: bia.id,
          nome: bia.nome,
          inep_atual: '111111111111',
          inep_arquivo: '200000000002',
        },
      ],
      duplicados: [{ inep_id: '200000000009', nomes: [caio.nome, davi.nome] }],
    });
    const alunos = await t.database.db.select().from(censoAlunos);
    expect(Object.fromEntries(alunos.map((row) => [row.alunoId, row.inepId]))).toEqual({
      [ana.id]: '200000000001',
      [bia.id]: '111111111111',
    });
    const [profissional] = await t.database.db.select().from(censoProfissionais);
    expect(profissional).toMatchObject({ professorId: teacher.id, inepId: '300000000001' });
    const [dadosTurma] = await t.database.db.select().from(censoTurmas);
    expect(dadosTurma).toMatchObject({ turmaId: turma.id, inepId: '4400001' });
    const [matricula] = await t.database.db.select().from(censoMatriculas);
    expect(matricula).toMatchObject({ alunoId: ana.id, turmaId: turma.id, inepId: '500000000001' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'importar_ids_inep'));
    expect(audit).toMatchObject({ actorId: admin.user.id, details: { divergentes: 1, duplicados: 1 } });

    // The same file again changes nothing: what matched is 'inalterado'.
    const again = dataOf<ImportacaoIdsResultado>(await importar(admin.cookie, texto));
    expect(again.vinculados).toEqual({ alunos: 0, profissionais: 0, turmas: 0, matriculas: 0 });
    expect(again.inalterados).toBe(4);
  });

  it('reports one person given two IDs, and an ID we already hold for someone else', async () => {
    const { admin, ana, bia, caio } = await escola();
    await t.database.db.insert(censoAlunos).values({ alunoId: bia.id, inepId: '200000000005' });
    const texto = [
      r00(),
      r30(codigoProprio(ana.id), '200000000001'),
      `60|${CODIGO_ESCOLA}|${codigoProprio(ana.id)}|200000000003||||`,
      // Caio is given the ID Bia already holds.
      r30(codigoProprio(caio.id), '200000000005'),
    ].join('\n');
    const result = dataOf<ImportacaoIdsResultado>(await importar(admin.cookie, texto));
    expect(result.duplicados).toEqual([
      { inep_id: '200000000001 e 200000000003', nomes: [ana.nome] },
      { inep_id: '200000000005', nomes: [caio.nome, bia.nome] },
    ]);
    expect(result.vinculados.alunos).toBe(0);
    const rows = await t.database.db.select().from(censoAlunos);
    expect(rows.map((row) => [row.alunoId, row.inepId])).toEqual([[bia.id, '200000000005']]);
  });

  it('accepts the file as multipart', async () => {
    const { admin, ana } = await escola();
    const { payload, contentType } = multipartFile(
      Buffer.from([r00(), r30(codigoProprio(ana.id), '200000000001')].join('\n'), 'latin1'),
      'export.txt',
      'text/plain',
      'arquivo',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/censo-teste/2026/importar-ids',
      headers: { cookie: admin.cookie, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<ImportacaoIdsResultado>(response).vinculados.alunos).toBe(1);
  });

  it("refuses another school's file and a malformed one with its line, storing nothing", async () => {
    const { admin, ana, turma } = await escola();
    const outra = await importar(
      admin.cookie,
      [r00('35999999'), r30(codigoProprio(ana.id), '200000000001')].join('\n'),
    );
    expect(outra.statusCode).toBe(422);
    expect(outra.json<{ message: string }>().message).toContain('35999999');

    const ruim = await importar(
      admin.cookie,
      [r00(), r20(turma.id, '4400001'), `30|${CODIGO_ESCOLA}|${codigoProprio(ana.id)}|12AB`].join('\n'),
    );
    expect(ruim.statusCode).toBe(422);
    expect(ruim.json<{ message: string }>().message).toMatch(/^Linha 3 do arquivo: .*Nada foi gravado\.$/);

    const lixo = await importar(admin.cookie, 'isto não é um arquivo do Educacenso');
    expect(lixo.statusCode).toBe(422);
    const vazio = await importar(admin.cookie, r30(codigoProprio(ana.id), '200000000001'));
    expect(vazio.statusCode).toBe(422);
    expect(await countsOf()).toEqual({ alunos: 0, profissionais: 0, turmas: 0, matriculas: 0 });
  });

  it('needs the school’s own INEP code first', async () => {
    const admin = await signedIn(t, 'administrador');
    const response = await importar(admin.cookie, r00());
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toContain('Configurações → Censo');
  });

  it('reads the positions from the layout by key: a table that moves a field moves the reading', () => {
    const movido = {
      ...LAYOUT_TESTE,
      registros: {
        ...LAYOUT_TESTE.registros,
        '30': LAYOUT_TESTE.registros['30'].map((campo) =>
          campo.chave === 'inep' ? { ...campo, n: 5 } : campo.chave === 'cpf' ? { ...campo, n: 4 } : campo,
        ),
      },
    };
    const [, pessoa] = lerArquivoIds(movido, `${r00()}\n30|${CODIGO_ESCOLA}|ABC||200000000001|NOME`);
    expect(pessoa!.valores).toMatchObject({ pessoaCodigo: 'ABC', pessoaInep: '200000000001' });
  });
});
