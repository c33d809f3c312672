import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CensoProfissional } from '../../../shared/censo.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { censoProfissionais } from '../../db/schema/censo.js';
import { teachers } from '../../db/schema/teachers.js';
import { dataOf, detailsOf, insertTeacher, messageOf, newCpf } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
const URL = '/api/censo/profissionais';

const diretora = (cpf: string) => ({
  nome: 'Helena Conceição Araújo',
  cpf,
  email: 'helena@escola.test',
  data_nascimento: '1975-08-14',
  sexo: 'feminino',
  gestor_cargo: '1',
  gestor_criterio_acesso: '1',
});

describe('/api/censo/profissionais', () => {
  it('is for census managers only: a teacher is refused, an anonymous request too', async () => {
    const professor = await signedIn(t, 'professor');
    expect((await get(URL, professor.cookie)).statusCode).toBe(403);
    expect((await send('POST', URL, professor.cookie, diretora(newCpf()))).statusCode).toBe(403);
    expect((await get(URL)).statusCode).toBe(401);
  });

  it('lists every active teacher (an empty row until the first save) and the non-teachers', async () => {
    const admin = await signedIn(t, 'administrador');
    const ativo = await insertTeacher(t);
    const inativo = await insertTeacher(t);
    await t.database.db.update(teachers).set({ status: 'inativo' }).where(eq(teachers.id, inativo.id));
    const criada = await send('POST', URL, admin.cookie, diretora(newCpf()));
    expect(criada.statusCode, criada.body).toBe(201);

    const lista = dataOf<CensoProfissional[]>(await get(URL, admin.cookie));
    const doProfessor = lista.find((item) => item.professor_id === ativo.id);
    expect(doProfessor).toMatchObject({
      id: ativo.id,
      version: 0,
      nome_exibicao: ativo.nome,
      escolaridade: null,
    });
    expect(lista.some((item) => item.professor_id === inativo.id)).toBe(false);
    expect(lista.find((item) => item.professor_id === null)).toMatchObject({
      nome_exibicao: 'Helena Conceição Araújo',
      gestor_cargo: '1',
      version: 1,
    });
    // The teacher's empty row is also read by the teacher's id.
    const lido = await get(`${URL}/${ativo.id}`, admin.cookie);
    expect(dataOf<CensoProfissional>(lido)).toMatchObject({ id: ativo.id, version: 0 });
    expect((await get(`${URL}/00000000-0000-4000-8000-000000000000`, admin.cookie)).statusCode).toBe(404);
  });

  it("creates a teacher's row on the first save, then updates it with the version and audits the fields", async () => {
    const admin = await signedIn(t, 'administrador');
    const professor = await insertTeacher(t);
    const criado = await send('POST', URL, admin.cookie, {
      professor_id: professor.id,
      nome: 'ignorado',
      escolaridade: '6',
      cursos_superiores: [{ curso: '142P01', ano: 2005, ies: '575', grau: 'licenciatura' }],
      pos_graduacoes_concluidas: [{ tipo: '1', area: '1', ano: 2010 }],
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const salvo = dataOf<CensoProfissional>(criado);
    expect(salvo).toMatchObject({ professor_id: professor.id, nome: professor.nome, version: 1 });
    expect(salvo.id).not.toBe(professor.id);
    const [row] = await t.database.db
      .select()
      .from(censoProfissionais)
      .where(eq(censoProfissionais.id, salvo.id));
    expect(row!.nome).toBeNull();

    const segundo = await send('POST', URL, admin.cookie, { professor_id: professor.id });
    expect(segundo.statusCode).toBe(409);

    const { version } = salvo;
    const dados: Partial<CensoProfissional> = { ...salvo };
    delete dados.id;
    delete dados.nome_exibicao;
    delete dados.version;
    const atualizado = await send('PUT', `${URL}/${salvo.id}`, admin.cookie, {
      ...dados,
      cor_raca: '3',
      version,
    });
    expect(atualizado.statusCode, atualizado.body).toBe(200);
    expect(dataOf<CensoProfissional>(atualizado)).toMatchObject({ cor_raca: '3', version: 2 });
    const stale = await send('PUT', `${URL}/${salvo.id}`, admin.cookie, { ...dados, version: 1 });
    expect(stale.statusCode).toBe(412);

    const trilha = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, salvo.id));
    expect(trilha.map((item) => item.action).sort()).toEqual(['atualizar', 'criar']);
    expect(trilha.find((item) => item.action === 'atualizar')!.details).toEqual({ campos: ['corRaca'] });
  });

  it('asks a non-teacher for nome and CPF (422 in pt-BR) and refuses bad codes (400)', async () => {
    const admin = await signedIn(t, 'administrador');
    const semCpf = await send('POST', URL, admin.cookie, { nome: 'Sem CPF' });
    expect(semCpf.statusCode).toBe(422);
    expect(messageOf(semCpf)).toBe('Para um profissional que não é professor, informe o nome e o CPF.');
    expect(detailsOf(semCpf)).toEqual([{ path: 'cpf', message: 'Informe o CPF' }]);

    const cpfErrado = await send('POST', URL, admin.cookie, { ...diretora('12345678900') });
    expect(cpfErrado.statusCode).toBe(400);
    expect(detailsOf(cpfErrado)).toContainEqual({ path: 'cpf', message: 'CPF inválido' });

    const codigo = await send('POST', URL, admin.cookie, { ...diretora(newCpf()), escolaridade: '9' });
    expect(codigo.statusCode).toBe(400);
    expect(detailsOf(codigo)).toContainEqual({
      path: 'escolaridade',
      message: 'Escolaridade: opção inválida',
    });

    // A field the form does not have (the answer's `id`, a made-up one) is refused, not dropped.
    const estranho = await send('POST', URL, admin.cookie, { ...diretora(newCpf()), salario: 9000 });
    expect(estranho.statusCode).toBe(400);

    const professorInexistente = await send('POST', URL, admin.cookie, {
      professor_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(professorInexistente.statusCode).toBe(422);
  });

  it('refuses a CPF already used (409 in pt-BR), by another professional or by a teacher', async () => {
    const admin = await signedIn(t, 'administrador');
    const cpf = newCpf();
    expect((await send('POST', URL, admin.cookie, diretora(cpf))).statusCode).toBe(201);
    const repetido = await send('POST', URL, admin.cookie, { ...diretora(cpf), nome: 'Outra Pessoa' });
    expect(repetido.statusCode).toBe(409);
    expect(messageOf(repetido)).toBe('Já existe um profissional com este CPF.');

    const professor = await insertTeacher(t);
    const cpfProfessor = newCpf();
    await t.database.db.update(teachers).set({ cpf: cpfProfessor }).where(eq(teachers.id, professor.id));
    const deProfessor = await send('POST', URL, admin.cookie, diretora(cpfProfessor));
    expect(deProfessor.statusCode).toBe(409);
    expect(messageOf(deProfessor)).toContain('Este CPF é de um professor');
  });

  it("deletes a non-teacher (audited) but never a teacher's row", async () => {
    const admin = await signedIn(t, 'administrador');
    const resposta = await send('POST', URL, admin.cookie, diretora(newCpf()));
    expect(resposta.statusCode, resposta.body).toBe(201);
    const criada = dataOf<CensoProfissional>(resposta);
    const professor = await insertTeacher(t);
    const doProfessor = dataOf<CensoProfissional>(
      await send('POST', URL, admin.cookie, { professor_id: professor.id }),
    );
    const recusada = await send('DELETE', `${URL}/${doProfessor.id}`, admin.cookie);
    expect(recusada.statusCode).toBe(409);
    expect((await send('DELETE', `${URL}/${criada.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await get(`${URL}/${criada.id}`, admin.cookie)).statusCode).toBe(404);
    const trilha = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, criada.id));
    expect(trilha.map((item) => item.action)).toContain('excluir');
  });
});
