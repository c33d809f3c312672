/** The daily agenda of young children (issue 32 §3, ADR 0037): the teacher fills, the family reads. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import type {
  AgendaAluno,
  AgendaDiaTurma,
  AgendaModelo,
  AgendaTurmaResumo,
  Autorizacao,
} from '../../../shared/agenda.schemas.js';
import type { ConsentPurpose } from '../../../shared/consent.schemas.js';
import { clock } from '../../lib/clock.js';
import { multipartFile } from '../../test/image-fixtures.js';
import {
  dataOf,
  insertClass,
  insertGuardian,
  insertStudent,
  messageOf,
} from '../../test/records-fixtures.js';
import { familyIn, setupSchool, teacherWithAccount } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { SEM_AUTORIZACAO, TERMO_OBRIGATORIO } from './agenda.medicacao.js';
import { DIA_ENCERRADO, DIA_FUTURO, SEM_AGENDA } from './agenda.scope.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
const TODAY = '2026-03-20';
beforeEach(() => clock.pin(TODAY));
afterEach(() => clock.unpin());

const PRE_II = { nivel: 'Educação Infantil', serie: 'Pré II', turno: 'manha' } as const;

const DAY = {
  itens: {
    refeicoes: [
      { refeicao: 'Lanche da manhã', avaliacao: 'comeu_bem' },
      { refeicao: 'Almoço', avaliacao: 'comeu_bem' },
    ],
    sono: [{ inicio: '13:00', fim: '14:30' }],
    evacuacao: 'normal',
    humor: 'alegre',
    recados: 'Hoje pintamos com guache.',
  },
};

async function infantilClass() {
  const s = await setupSchool(t, { stage: PRE_II });
  const ana = await familyIn(t, s.turma.id);
  const bia = await familyIn(t, s.turma.id);
  const url = `/api/agenda/turmas/${s.turma.id}/${TODAY}`;
  return { ...s, ana, bia, url };
}

async function giveImageConsent(cookie: string, alunoId: string) {
  const purposes = dataOf<ConsentPurpose[]>(await get('/api/consentimentos/finalidades', cookie));
  const imagem = purposes.find((purpose) => purpose.chave === 'imagem')!;
  const given = await send('POST', `/api/alunos/${alunoId}/consentimentos`, cookie, {
    finalidade_id: imagem.id,
    concedido: true,
  });
  expect(given.statusCode, given.body).toBe(200);
}

/** The teacher sends the day's photo (a JPEG, as from a phone). */
async function uploadPhoto(dayUrl: string, cookie: string) {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0EA5E9' } })
    .jpeg()
    .toBuffer();
  const form = multipartFile(bytes, 'pintura.jpg', 'image/jpeg', 'arquivo');
  const uploaded = await t.app.inject({
    method: 'PUT',
    url: `${dayUrl}/foto`,
    payload: form.payload,
    headers: { cookie, 'content-type': form.contentType },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
}

const dayOf = (alunoId: string, cookie: string, data = TODAY) =>
  get(`/api/agenda/alunos/${alunoId}?data=${data}`, cookie);

describe('the daily agenda', () => {
  it('the teacher fills the whole class at once; each family reads their own child, with the exceptions', async () => {
    const s = await infantilClass();
    const saved = await send('PUT', s.url, s.teacher.cookie, {
      ...DAY,
      excecoes: [
        {
          aluno_id: s.bia.child.id,
          itens: {
            refeicoes: [{ refeicao: 'Almoço', avaliacao: 'nao_aceitou' }],
            precisa_trazer: ['Fralda', 'Roupa'],
          },
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(messageOf(saved)).toBe('Agenda do dia enviada às famílias.');
    const day = dataOf<AgendaDiaTurma>(saved);
    expect(day).toMatchObject({ publicada: true, editavel: true, version: 1 });
    expect(day.alunos.map((aluno) => aluno.id).sort()).toEqual([s.ana.child.id, s.bia.child.id].sort());

    const ana = dataOf<AgendaAluno>(await dayOf(s.ana.child.id, s.ana.cookie));
    expect(ana.dia?.itens).toMatchObject({ humor: 'alegre', precisa_trazer: [], sono: DAY.itens.sono });
    expect(ana.dia?.itens.refeicoes).toEqual(DAY.itens.refeicoes);
    const bia = dataOf<AgendaAluno>(await dayOf(s.bia.child.id, s.bia.cookie));
    // The exception replaces the items it gives; the rest is the class's.
    expect(bia.dia?.itens).toMatchObject({
      refeicoes: [{ refeicao: 'Almoço', avaliacao: 'nao_aceitou' }],
      precisa_trazer: ['Fralda', 'Roupa'],
      humor: 'alegre',
      recados: 'Hoje pintamos com guache.',
    });
    // Another family's child is not there at all.
    expect((await dayOf(s.bia.child.id, s.ana.cookie)).statusCode).toBe(404);
    // The school reads it too.
    expect((await dayOf(s.bia.child.id, s.admin.cookie)).statusCode).toBe(200);
  });

  it('lists the class’s children alphabetically, accents aside (Ágata among the a’s, not after Zé)', async () => {
    const s = await infantilClass();
    for (const [child, nome] of [
      [s.ana.child, 'Zé Carlos'],
      [s.bia.child, 'Ágata Lima'],
    ] as const)
      await t.database.db.update(students).set({ nome }).where(eq(students.id, child.id));
    await insertStudent(t, s.turma.id).then((row) =>
      t.database.db.update(students).set({ nome: 'Bruno Dias' }).where(eq(students.id, row.id)),
    );
    const day = dataOf<AgendaDiaTurma>(await get(s.url, s.teacher.cookie));
    expect(day.alunos.map((aluno) => aluno.nome)).toEqual(['Ágata Lima', 'Bruno Dias', 'Zé Carlos']);
  });

  it('refuses another class (404), a future day (400), a past day (409) and a class without agenda (409)', async () => {
    const s = await infantilClass();
    const other = await teacherWithAccount(t);
    expect((await send('PUT', s.url, other.cookie, DAY)).statusCode).toBe(404);
    expect((await get(s.url, other.cookie)).statusCode).toBe(404);
    expect((await send('PUT', s.url, s.ana.cookie, DAY)).statusCode).toBe(403);

    const future = await send('PUT', `/api/agenda/turmas/${s.turma.id}/2026-03-21`, s.teacher.cookie, DAY);
    expect([future.statusCode, messageOf(future)]).toEqual([400, DIA_FUTURO]);
    const past = await send('PUT', `/api/agenda/turmas/${s.turma.id}/2026-03-19`, s.teacher.cookie, DAY);
    expect([past.statusCode, messageOf(past)]).toEqual([409, DIA_ENCERRADO]);

    const terceiro = await insertClass(t, s.teacher.teacher.id);
    const refused = await send('PUT', `/api/agenda/turmas/${terceiro.id}/${TODAY}`, s.teacher.cookie, DAY);
    expect([refused.statusCode, messageOf(refused)]).toEqual([409, SEM_AGENDA]);
    // A first-year class has one by default.
    const primeiro = await insertClass(t, s.teacher.teacher.id, 25, { serie: '1º ano' });
    await insertStudent(t, primeiro.id);
    expect(
      (await send('PUT', `/api/agenda/turmas/${primeiro.id}/${TODAY}`, s.teacher.cookie, DAY)).statusCode,
    ).toBe(200);

    // Invalid input is a 400 in Portuguese, never a 500.
    const bad = await send('PUT', s.url, s.teacher.cookie, {
      itens: { sono: [{ inicio: '14:00', fim: '13:00' }], humor: 'feliz' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('O fim do sono deve ser depois do início');
    const stranger = await insertStudent(t, null);
    const outsider = await send('PUT', s.url, s.teacher.cookie, {
      ...DAY,
      excecoes: [{ aluno_id: stranger.id, ausente: true }],
    });
    expect([outsider.statusCode, messageOf(outsider)]).toEqual([400, 'Esta criança não está na turma.']);
  });

  it('records medication only under the family authorisation in force, given by the family or the school with the paper', async () => {
    const s = await infantilClass();
    const medicate = (autorizacao_id: string) =>
      send('PUT', s.url, s.teacher.cookie, {
        ...DAY,
        excecoes: [
          {
            aluno_id: s.ana.child.id,
            itens: { medicacoes: [{ autorizacao_id, horario: '10:00' }] },
          },
        ],
      });
    const without = await medicate('5b8a3f4e-2a4b-4c1d-9e7f-0a1b2c3d4e5f');
    expect([without.statusCode, messageOf(without)]).toEqual([409, SEM_AUTORIZACAO]);

    const body = { medicamento: 'Amoxicilina', dose: '5 ml', inicio: TODAY, fim: '2026-03-27' };
    // The school needs the signed paper; the teacher does not record authorisations; another family 404.
    const noPaper = await send(
      'POST',
      `/api/agenda/alunos/${s.ana.child.id}/medicacoes`,
      s.admin.cookie,
      body,
    );
    expect([noPaper.statusCode, messageOf(noPaper)]).toEqual([400, TERMO_OBRIGATORIO]);
    expect(
      (await send('POST', `/api/agenda/alunos/${s.ana.child.id}/medicacoes`, s.teacher.cookie, body))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/agenda/alunos/${s.ana.child.id}/medicacoes`, s.bia.cookie, body)).statusCode,
    ).toBe(404);
    // Bia's family authorised her medicine: it is not Ana's.
    const biaAuth = await send('POST', `/api/agenda/alunos/${s.bia.child.id}/medicacoes`, s.bia.cookie, body);
    expect(biaAuth.statusCode, biaAuth.body).toBe(201);
    expect(messageOf(await medicate(dataOf<Autorizacao>(biaAuth).id))).toBe(SEM_AUTORIZACAO);

    const given = await send('POST', `/api/agenda/alunos/${s.ana.child.id}/medicacoes`, s.ana.cookie, body);
    expect(dataOf<Autorizacao>(given)).toMatchObject({ origem: 'familia', vigente: true });
    const saved = await medicate(dataOf<Autorizacao>(given).id);
    expect(saved.statusCode, saved.body).toBe(200);
    const ana = dataOf<AgendaAluno>(await dayOf(s.ana.child.id, s.ana.cookie));
    expect(ana.dia?.medicacoes).toEqual([
      { medicamento: 'Amoxicilina', dose: '5 ml', horario: '10:00', observacao: null },
    ]);

    // Revoked: no more medication under it.
    const revoked = await send(
      'POST',
      `/api/agenda/medicacoes/${dataOf<Autorizacao>(given).id}/revogar`,
      s.ana.cookie,
    );
    expect(dataOf<Autorizacao>(revoked).vigente).toBe(false);
    expect(messageOf(await medicate(dataOf<Autorizacao>(given).id))).toBe(SEM_AUTORIZACAO);
    const byPaper = await send('POST', `/api/agenda/alunos/${s.ana.child.id}/medicacoes`, s.admin.cookie, {
      ...body,
      termo_assinado: true,
    });
    expect(dataOf<Autorizacao>(byPaper)).toMatchObject({ origem: 'escola', vigente: true });
  });

  it('shows the class photo only to the families who gave the image consent', async () => {
    const s = await infantilClass();
    await giveImageConsent(s.ana.cookie, s.ana.child.id);
    expect((await send('PUT', s.url, s.teacher.cookie, DAY)).statusCode).toBe(200);
    await uploadPhoto(s.url, s.teacher.cookie);

    const ana = dataOf<AgendaAluno>(await dayOf(s.ana.child.id, s.ana.cookie));
    expect(ana.dia?.foto?.url).toBe(`/api/agenda/alunos/${s.ana.child.id}/foto?data=${TODAY}`);
    const image = await get(ana.dia!.foto!.url, s.ana.cookie);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const bia = dataOf<AgendaAluno>(await dayOf(s.bia.child.id, s.bia.cookie));
    expect(bia.dia?.foto).toBeNull();
    expect(
      (await get(`/api/agenda/alunos/${s.bia.child.id}/foto?data=${TODAY}`, s.bia.cookie)).statusCode,
    ).toBe(404);
    // The teacher sees the photo and who may not appear in it.
    const forTeacher = dataOf<AgendaDiaTurma>(await get(s.url, s.teacher.cookie));
    expect((await get(forTeacher.foto!.url, s.teacher.cookie)).statusCode).toBe(200);
    expect(forTeacher.alunos.find((aluno) => aluno.id === s.bia.child.id)?.consentimento_imagem).toBe(false);
    expect((await get(forTeacher.foto!.url)).statusCode).toBe(401);
  });

  it('shows a child who joined the class later nothing of the days before, photo included', async () => {
    const s = await infantilClass();
    const YESTERDAY = '2026-03-19';
    clock.pin(YESTERDAY);
    const yesterdayUrl = `/api/agenda/turmas/${s.turma.id}/${YESTERDAY}`;
    expect((await send('PUT', yesterdayUrl, s.teacher.cookie, DAY)).statusCode).toBe(200);
    await uploadPhoto(yesterdayUrl, s.teacher.cookie);
    clock.pin(TODAY);

    // Caio joins today, with the image consent; Ana was in the class yesterday.
    const caio = await familyIn(t, s.turma.id, TODAY);
    await giveImageConsent(caio.cookie, caio.child.id);
    await giveImageConsent(s.ana.cookie, s.ana.child.id);
    const anaYesterday = dataOf<AgendaAluno>(await dayOf(s.ana.child.id, s.ana.cookie, YESTERDAY));
    expect(anaYesterday.dia?.itens.recados).toBe('Hoje pintamos com guache.');
    expect((await get(anaYesterday.dia!.foto!.url, s.ana.cookie)).statusCode).toBe(200);

    const caioYesterday = dataOf<AgendaAluno>(await dayOf(caio.child.id, caio.cookie, YESTERDAY));
    expect(caioYesterday.turma?.id).toBe(s.turma.id);
    expect(caioYesterday.dia).toBeNull();
    const photo = await get(`/api/agenda/alunos/${caio.child.id}/foto?data=${YESTERDAY}`, caio.cookie);
    expect(photo.statusCode).toBe(404);
  });

  it('a day with no agenda says whether it had class (a Sunday had none; a school day is waiting for it)', async () => {
    const s = await infantilClass();
    const sunday = dataOf<AgendaAluno>(await dayOf(s.ana.child.id, s.ana.cookie, '2026-03-15'));
    expect(sunday).toMatchObject({ dia: null, sem_aula: true });
    const friday = dataOf<AgendaAluno>(await dayOf(s.ana.child.id, s.ana.cookie, TODAY));
    expect(friday).toMatchObject({ dia: null, sem_aula: false });
  });

  it('opened with no date on a day without class, shows the latest school day (a Sunday opens on Friday)', async () => {
    const s = await infantilClass();
    await send('PUT', s.url, s.teacher.cookie, DAY);
    clock.pin('2026-03-22');
    const opened = dataOf<AgendaAluno>(await get(`/api/agenda/alunos/${s.ana.child.id}`, s.ana.cookie));
    expect(opened.data).toBe(TODAY);
    expect(opened.dia?.itens.recados).toBe(DAY.itens.recados);
    // Asked for the Sunday itself, it is the Sunday.
    const sunday = dataOf<AgendaAluno>(await dayOf(s.ana.child.id, s.ana.cookie, '2026-03-22'));
    expect(sunday).toMatchObject({ data: '2026-03-22', dia: null, sem_aula: true });
  });

  it('a day without class says so to the teacher, who may still send it (a festa the calendar lacks)', async () => {
    const s = await infantilClass();
    const school = dataOf<AgendaDiaTurma>(await get(s.url, s.teacher.cookie));
    expect(school).toMatchObject({ editavel: true, sem_aula: null });
    clock.pin('2026-03-21');
    const saturday = `/api/agenda/turmas/${s.turma.id}/2026-03-21`;
    expect(dataOf<AgendaDiaTurma>(await get(saturday, s.teacher.cookie))).toMatchObject({
      editavel: true,
      sem_aula: 'Fim de semana',
      publicada: false,
    });
    expect((await send('PUT', saturday, s.teacher.cookie, DAY)).statusCode).toBe(200);
    const read = dataOf<AgendaAluno>(await dayOf(s.ana.child.id, s.ana.cookie, '2026-03-21'));
    expect(read.dia?.itens.recados).toBe(DAY.itens.recados);
  });

  it('starts from the coordination template, which can turn the agenda on or off', async () => {
    const s = await infantilClass();
    const modeloUrl = `/api/agenda/turmas/${s.turma.id}/modelo`;
    const initial = dataOf<AgendaModelo>(await get(modeloUrl, s.teacher.cookie));
    expect(initial).toMatchObject({ ativa: true, padrao: true, version: null });
    const itens = { ...DAY.itens, refeicoes: [{ refeicao: 'Colação', avaliacao: 'comeu_bem' }] };
    // The teacher does not set it; the coordination (Direção here) does.
    expect((await send('PUT', modeloUrl, s.teacher.cookie, { ativa: true, itens })).statusCode).toBe(403);
    const saved = await send('PUT', modeloUrl, s.admin.cookie, { ativa: true, itens });
    expect(dataOf<AgendaModelo>(saved)).toMatchObject({ padrao: false, version: 1 });
    const form = dataOf<AgendaDiaTurma>(await get(s.url, s.teacher.cookie));
    expect(form).toMatchObject({ publicada: false, version: null });
    expect(form.itens.refeicoes).toEqual([{ refeicao: 'Colação', avaliacao: 'comeu_bem' }]);
    const stale = await send('PUT', modeloUrl, s.admin.cookie, { ativa: false, itens, version: 7 });
    expect(stale.statusCode).toBe(412);
    expect(
      (await send('PUT', modeloUrl, s.admin.cookie, { ativa: false, itens, version: 1 })).statusCode,
    ).toBe(200);
    expect(messageOf(await send('PUT', s.url, s.teacher.cookie, DAY))).toBe(SEM_AGENDA);
    expect((await get(modeloUrl, s.ana.cookie)).statusCode).toBe(404);
  });

  it('tells the teacher whose family does not use the portal, and that a class with none reaches nobody', async () => {
    const s = await infantilClass();
    // Ana's and Bia's guardians read the portal; Caio's guardian has no account; Duda has no guardian.
    const caio = await insertStudent(t, s.turma.id, (await insertGuardian(t)).id);
    const duda = await insertStudent(t, s.turma.id);
    const reach = (day: AgendaDiaTurma) =>
      Object.fromEntries(day.alunos.map((aluno) => [aluno.id, aluno.familia_no_portal]));
    expect(reach(dataOf<AgendaDiaTurma>(await get(s.url, s.teacher.cookie)))).toEqual({
      [s.ana.child.id]: true,
      [s.bia.child.id]: true,
      [caio.id]: false,
      [duda.id]: false,
    });
    const some = await send('PUT', s.url, s.teacher.cookie, DAY);
    expect(messageOf(some)).toBe(
      'Agenda do dia enviada às famílias que usam o portal (2 de 4); às outras, envie-a impressa ou por outro meio.',
    );

    // A first-year class whose only family account was disabled: the portal reaches nobody of it.
    const primeiro = await insertClass(t, s.teacher.teacher.id, 25, { serie: '1º ano' });
    const eva = await familyIn(t, primeiro.id);
    await t.database.db.update(users).set({ status: 'inativo' }).where(eq(users.id, eva.user.id));
    await insertStudent(t, primeiro.id, (await insertGuardian(t)).id);
    const url = `/api/agenda/turmas/${primeiro.id}/${TODAY}`;
    const none = dataOf<AgendaDiaTurma>(await get(url, s.teacher.cookie));
    expect(none.alunos.map((aluno) => aluno.familia_no_portal)).toEqual([false, false]);
    const saved = await send('PUT', url, s.teacher.cookie, DAY);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(messageOf(saved)).toBe(
      'Agenda do dia salva, mas nenhuma família desta turma usa o portal: envie-a impressa ou por outro meio.',
    );
  });

  it('tells the teacher which families read the day', async () => {
    const s = await infantilClass();
    expect((await send('PUT', s.url, s.teacher.cookie, DAY)).statusCode).toBe(200);
    await dayOf(s.ana.child.id, s.ana.cookie);
    await dayOf(s.ana.child.id, s.ana.cookie);
    // The school reading it is not a family's read.
    await dayOf(s.bia.child.id, s.admin.cookie);
    const day = dataOf<AgendaDiaTurma>(await get(s.url, s.teacher.cookie));
    const reads = Object.fromEntries(day.alunos.map((aluno) => [aluno.id, aluno.leituras]));
    expect(reads[s.ana.child.id]).toEqual([{ responsavel: s.ana.user.nome, lido_em: expect.any(String) }]);
    expect(reads[s.bia.child.id]).toEqual([]);
    const list = dataOf<AgendaTurmaResumo[]>(await get('/api/agenda/turmas', s.teacher.cookie));
    expect(list.find((one) => one.turma.id === s.turma.id)?.hoje).toMatchObject({ lidas: 1 });
    // Saving again keeps the version moving; a stale copy is refused.
    expect((await send('PUT', s.url, s.teacher.cookie, { ...DAY, version: 9 })).statusCode).toBe(412);
    expect(
      dataOf<AgendaDiaTurma>(await send('PUT', s.url, s.teacher.cookie, { ...DAY, version: 1 })).version,
    ).toBe(2);
  });
});
