import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { completeCpf, formatCpf } from '../../../shared/validators.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { teachers } from '../../db/schema/teachers.js';
import { clock } from '../../lib/clock.js';
import { insertClass, insertStudent, insertTeacher, messageOf, newCpf } from '../../test/records-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { importedTo, sheetOf, uploadTo } from './importacao.test-setup.js';

const t = setupTestApp();
beforeAll(() => clock.pin('2026-03-20T12:00:00-03:00'));
afterAll(() => clock.unpin());

const TEACHER_HEADERS = ['Nome', 'CPF', 'E-mail', 'Telefone', 'Disciplinas', 'Data de contratação'];
const CLASS_HEADERS = [
  'Nome da turma',
  'Ano letivo',
  'Nível',
  'Série',
  'Turno',
  'Capacidade',
  'Professor responsável',
];

describe('POST /api/importacao/professores', () => {
  it('creates and updates by CPF then e-mail, refuses each kind of bad row, and a second upload changes nothing', async () => {
    const admin = await signedIn(t, 'administrador');
    const byEmail = await insertTeacher(t);
    const withCpf = await insertTeacher(t);
    const keptCpf = newCpf();
    await t.database.db.update(teachers).set({ cpf: keptCpf }).where(eq(teachers.id, withCpf.id));
    const newTeacherCpf = newCpf();
    const file = sheetOf(TEACHER_HEADERS, [
      [
        'Ana Nova',
        formatCpf(newTeacherCpf),
        'ANA.NOVA@escola.test',
        '11912345678',
        'Matemática, ciências',
        '01/02/2026',
      ],
      [byEmail.nome, '', byEmail.email, '11955556666', '', ''],
      ['Nome Trocado', keptCpf, 'outro-email@escola.test', '', 'Matemática', ''],
      ['CPF Errado', '123.456.789-00', 'cpf@escola.test', '', '', ''],
      ['Sem E-mail', '', '', '', '', ''],
      ['Disciplina Estranha', '', 'estranha@escola.test', '', 'Alquimia', ''],
      ['Ana Repetida', newTeacherCpf, 'ana.repetida@escola.test', '', '', ''],
      ['Conflito', keptCpf, byEmail.email, '', '', ''],
    ]);
    const dry = await importedTo(t, admin.cookie, 'professores', file, { simular: true });
    expect(dry).toMatchObject({ criar: 1, atualizar: 2, sem_alteracao: 0, simulacao: true });
    expect(dry.recusar).toEqual([
      { linha: 5, motivo: 'CPF inválido' },
      { linha: 6, motivo: 'E-mail é obrigatório' },
      {
        linha: 7,
        motivo:
          'Disciplinas: a disciplina Alquimia não está cadastrada em Configurações → Acadêmico → Disciplinas',
      },
      { linha: 8, motivo: 'Professor repetido: é o mesmo da linha 2' },
      { linha: 9, motivo: `E-mail já cadastrado para outro professor (${byEmail.nome})` },
    ]);
    expect(await t.database.db.select().from(teachers)).toHaveLength(2);

    const applied = await importedTo(t, admin.cookie, 'professores', file);
    expect(applied).toMatchObject({ criar: 1, atualizar: 2, simulacao: false });
    const [ana] = await t.database.db.select().from(teachers).where(eq(teachers.cpf, newTeacherCpf));
    expect(ana).toMatchObject({
      nome: 'Ana Nova',
      email: 'ana.nova@escola.test',
      disciplinas: ['Matemática', 'Ciências'],
      dataContratacao: '2026-02-01',
    });
    const [renamed] = await t.database.db.select().from(teachers).where(eq(teachers.id, withCpf.id));
    expect(renamed).toMatchObject({
      nome: 'Nome Trocado',
      email: 'outro-email@escola.test',
      version: withCpf.version + 1,
    });
    const [phone] = await t.database.db.select().from(teachers).where(eq(teachers.id, byEmail.id));
    expect(phone).toMatchObject({ telefone: '11955556666', disciplinas: ['Matemática'] });

    const again = await importedTo(t, admin.cookie, 'professores', file);
    expect(again).toMatchObject({ criar: 0, atualizar: 0, sem_alteracao: 3 });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'importar'));
    expect(audits.filter((row) => row.entity === 'professor')).toHaveLength(2);
  });

  it('offers a template that imports as it is, and is for who may register teachers', async () => {
    const admin = await signedIn(t, 'administrador');
    for (const format of ['csv', 'xlsx'] as const) {
      const template = await t.app.inject({
        method: 'GET',
        url: `/api/importacao/professores/modelo?format=${format}`,
        headers: { cookie: admin.cookie },
      });
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-disposition']).toContain(`modelo-importacao-professores.${format}`);
      const result = await importedTo(t, admin.cookie, 'professores', template.rawPayload, {
        simular: true,
        name: `modelo.${format}`,
      });
      expect(result).toMatchObject({ criar: 2, recusar: [] });
    }
    const teacher = await signedIn(t, 'professor');
    const refused = await uploadTo(t, teacher.cookie, 'professores', sheetOf(TEACHER_HEADERS, [['X']]), {
      simular: true,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /api/importacao/turmas', () => {
  it('creates and updates by name and ano letivo, refuses each kind of bad row, and a second upload changes nothing', async () => {
    const admin = await signedIn(t, 'administrador');
    const teacher = await insertTeacher(t);
    const cpf = completeCpf('987654321');
    await t.database.db.update(teachers).set({ cpf }).where(eq(teachers.id, teacher.id));
    const full = await insertClass(t, null, 30, {
      nome: '5º Ano B',
      anoLetivo: '2026',
      nivel: 'Fundamental I',
      serie: '5º ano',
      turno: 'manha',
    });
    const crowded = await insertClass(t, null, 30, { nome: '4º Ano A', anoLetivo: '2026' });
    await insertStudent(t, crowded.id);
    await insertStudent(t, crowded.id);
    const file = sheetOf(CLASS_HEADERS, [
      ['6º Ano C', '2026', 'fundamental 2', '6º ANO', 'Manhã', '32', teacher.email],
      ['Pré II B', '2026', 'Infantil', 'pré ii', 'tarde', '', formatCpf(cpf)],
      ['1ª Série A', '2026', 'Ensino Médio', '1ª série', 'Noite', '40', ''],
      ['5º ano b', '2026', 'Fundamental I', '5º ano', 'Tarde', '', ''],
      ['Turma Nível', '2026', 'Superior', '1º ano', 'Manhã', '', ''],
      ['Turma Turno', '2026', 'Fundamental I', '1º ano', 'Madrugada', '', ''],
      ['Turma Prof', '2026', 'Fundamental I', '1º ano', 'Manhã', '', 'ninguem@escola.test'],
      ['6º ANO C', '2026', 'Fundamental II', '6º ano', 'Manhã', '', ''],
      ['4º Ano A', '2026', 'Fundamental I', '4º ano', 'Manhã', '1', ''],
      ['Sem Ano', '', 'Fundamental I', '1º ano', 'Manhã', '', ''],
      ['Pré I Integral', '2026', 'Infantil', 'pré i', 'Período integral', '', ''],
    ]);
    const dry = await importedTo(t, admin.cookie, 'turmas', file, { simular: true });
    expect(dry).toMatchObject({ criar: 4, atualizar: 1, simulacao: true });
    expect(dry.recusar).toEqual([
      { linha: 6, motivo: 'Nível: use Educação Infantil, Fundamental I, Fundamental II ou Ensino Médio' },
      { linha: 7, motivo: 'Turno: use Manhã, Tarde, Noite ou Integral' },
      {
        linha: 8,
        motivo:
          'Professor "ninguem@escola.test" não encontrado: use o CPF ou o e-mail de um professor cadastrado',
      },
      { linha: 9, motivo: 'Turma repetida: é a mesma da linha 2' },
      { linha: 10, motivo: 'Capacidade 1 menor que os 2 alunos ativos da turma' },
      { linha: 11, motivo: expect.stringMatching(/^Ano letivo/) as string },
    ]);

    const applied = await importedTo(t, admin.cookie, 'turmas', file);
    expect(applied).toMatchObject({ criar: 4, atualizar: 1 });
    const rows = await t.database.db.select().from(classes);
    expect(rows.find((row) => row.nome === '6º Ano C')).toMatchObject({
      nivel: 'Fundamental II',
      serie: '6º ano',
      turno: 'manha',
      capacidadeMaxima: 32,
      professorResponsavelId: teacher.id,
    });
    expect(rows.find((row) => row.nome === 'Pré II B')).toMatchObject({
      nivel: 'Educação Infantil',
      serie: 'Pré II',
      capacidadeMaxima: 25,
      professorResponsavelId: teacher.id,
    });
    expect(rows.find((row) => row.nome === 'Pré I Integral')).toMatchObject({
      serie: 'Pré I',
      turno: 'integral',
    });
    expect(rows.find((row) => row.id === full.id)).toMatchObject({
      nome: '5º Ano B',
      turno: 'tarde',
      capacidadeMaxima: 30,
    });

    const again = await importedTo(t, admin.cookie, 'turmas', file);
    expect(again).toMatchObject({ criar: 0, atualizar: 0, sem_alteracao: 5 });
    expect(await t.database.db.select().from(classes)).toHaveLength(6);
  });

  it('reads a mapped file, and refuses a file without the required columns', async () => {
    const admin = await signedIn(t, 'administrador');
    const file = sheetOf(
      ['Classe', 'Período letivo', 'Segmento', 'Ano/série', 'Horário'],
      [['7º Ano A', '2026', 'Fundamental II', '7º ano', 'manhã']],
    );
    const missing = await uploadTo(t, admin.cookie, 'turmas', file, { simular: true });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe(
      'Faltam as colunas obrigatórias "Nome da turma", "Ano letivo", "Turno" na primeira linha da planilha.',
    );
    const mapeamento = {
      nome: 'Classe',
      ano_letivo: 'Período letivo',
      nivel: 'Segmento',
      serie: 'Ano/série',
      turno: 'Horário',
    };
    const result = await importedTo(t, admin.cookie, 'turmas', file, { mapeamento });
    expect(result).toMatchObject({ criar: 1, recusar: [] });
    const teacher = await signedIn(t, 'professor');
    expect((await uploadTo(t, teacher.cookie, 'turmas', file, { mapeamento })).statusCode).toBe(403);
  });
});
