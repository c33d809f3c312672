import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { ProcessingRegister } from '../../../shared/processing-register.schemas.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { dataOf } from '../../test/records-fixtures.js';
import { NON_PERSONAL_TABLES, TREATMENTS, buildProcessingRegister } from './processing-register.js';
import { columnsOf, type Destino, type Titular } from './processing-register.model.js';
import { defaultRetention } from '../../../shared/retention.schemas.js';
import { permissionLabels } from '../../../shared/permissions.js';
import { STAFF_AND_FAMILY_PROFILES } from '../../test/perfis-fixtures.js';

/** Every table of the Drizzle schema (the same files drizzle-kit reads). */
const modules = import.meta.glob<Record<string, unknown>>('../../db/schema/*.ts', { eager: true });
const schemaTables = Object.values(modules)
  .flatMap((module) => Object.values(module))
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

const PEOPLE = new Set(['students', 'guardians', 'users', 'teachers']);
/** Column names that hold a person's identifier, contact, trace or name as an author. */
const PERSONAL_NAME =
  /^(nome|email|novo_email|telefone|cpf|endereco|cep|logradouro|bairro|data_nascimento|ip|user_agent|device_hash|destino|password_hash|autor_id|aluno_ids|iniciais)$|_nome$|_by$|(^|_)por(_id)?$|^(usuario|user|aluno|responsavel|professor|actor)(_\w+)?_id$/;

/** A class's or a file's name, not a person's. */
const NOT_A_PERSON = /^(turma|arquivo)_nome$/;

/** The columns of a table that the schema says are personal: by name or by a reference to a person. */
function personalColumns(config: ReturnType<typeof getTableConfig>): string[] {
  const byReference = new Set(
    config.foreignKeys
      .filter((key) => PEOPLE.has(getTableConfig(key.reference().foreignTable).name))
      .flatMap((key) => key.reference().columns.map((column) => column.name)),
  );
  return (
    config.columns
      // A flag, a number or a closed list of values (an e-mail on/off switch, 'secretaria') names nobody.
      .filter((column) => !['boolean', 'number'].includes(column.dataType) && !column.enumValues?.length)
      .map((column) => column.name)
      .filter(
        (name) =>
          byReference.has(name) ||
          (PERSONAL_NAME.test(name) &&
            !NOT_A_PERSON.test(name) &&
            !(name === 'nome' && !PEOPLE.has(config.name))),
      )
  );
}

const classified = new Map<string, Set<string>>();
for (const treatment of TREATMENTS)
  for (const dado of treatment.dados) {
    const name = getTableConfig(dado.tabela).name;
    const set = classified.get(name) ?? new Set<string>();
    for (const column of columnsOf(dado)) set.add(column.name);
    classified.set(name, set);
  }

describe('Registro das operações de tratamento: the classification follows the schema', () => {
  it('reads the whole schema', () => {
    expect(schemaTables.length).toBeGreaterThan(40);
    expect(schemaTables.map((table) => table.name)).toContain('students');
  });

  it('classifies every table: personal data, or none with a reason', () => {
    const missing = schemaTables
      .map((table) => table.name)
      .filter((name) => !classified.has(name) && !(name in NON_PERSONAL_TABLES));
    expect(missing, 'tabelas novas sem classificação em processing-register.ts').toEqual([]);
    const stale = Object.keys(NON_PERSONAL_TABLES).filter(
      (name) => !schemaTables.some((table) => table.name === name),
    );
    expect(stale).toEqual([]);
  });

  it('classifies every personal column, and calls no table with personal columns non-personal', () => {
    const unclassified: string[] = [];
    for (const table of schemaTables)
      for (const column of personalColumns(table))
        if (!classified.get(table.name)?.has(column)) unclassified.push(`${table.name}.${column}`);
    expect(unclassified, 'colunas pessoais sem classificação em processing-register.ts').toEqual([]);
  });

  it('the detector finds what it must (so the checks above can fail)', () => {
    const byName = (name: string) => schemaTables.find((table) => table.name === name)!;
    expect(personalColumns(byName('guardians'))).toEqual(
      expect.arrayContaining(['nome', 'email', 'telefone', 'cpf', 'endereco', 'usuario_id']),
    );
    expect(personalColumns(byName('mensalidades'))).toContain('aluno_id');
    expect(personalColumns(byName('sessions'))).toEqual(
      expect.arrayContaining(['user_id', 'ip', 'user_agent']),
    );
    expect(personalColumns(byName('classes'))).toEqual(['professor_responsavel_id']);
    for (const name of Object.keys(NON_PERSONAL_TABLES))
      expect(personalColumns(byName(name)), name).toEqual([]);
  });

  it('says what anonymisation does with every personal column, in a way the database can carry out', () => {
    const problems: string[] = [];
    const kinds: Titular[] = ['aluno', 'responsavel', 'usuario'];
    for (const treatment of TREATMENTS)
      for (const dado of treatment.dados) {
        const table = getTableConfig(dado.tabela).name;
        if ('mantido' in dado) {
          if (dado.mantido.length < 20) problems.push(`${table}: mantido sem motivo`);
          continue;
        }
        const rules = 'apagar' in dado ? dado.apagar : dado.de;
        if (Object.keys(rules).length === 0) problems.push(`${table}: nenhuma regra de quem são as linhas`);
        if (!('de' in dado)) continue;
        for (const [column, destinos] of dado.colunas) {
          const perKind =
            typeof destinos === 'object' && !('mantido' in destinos) && !('valor' in destinos)
              ? destinos
              : Object.fromEntries(Object.keys(dado.de).map((kind) => [kind, destinos]));
          for (const [kind, destino] of Object.entries(perKind) as [Titular, Destino][]) {
            const where = `${table}.${column.name} (${kind})`;
            if (!kinds.includes(kind) || !dado.de[kind])
              problems.push(`${where}: sem regra de linhas para ${kind}`);
            if (destino === 'nulo' && column.notNull)
              problems.push(`${where}: 'nulo' numa coluna obrigatória`);
            if ((destino === 'texto' || destino === 'marca') && !['string', 'json'].includes(column.dataType))
              problems.push(`${where}: '${destino}' numa coluna que não é texto`);
          }
        }
      }
    expect(problems).toEqual([]);
  });

  it('never erases configuration, catalogues, issued documents or the audit trail', () => {
    const untouchable = ['settings', 'content_sections', 'content_history', 'school_documents', 'audit_log'];
    for (const treatment of TREATMENTS)
      for (const dado of treatment.dados)
        if (untouchable.includes(getTableConfig(dado.tabela).name)) expect('mantido' in dado).toBe(true);
    // Catalogues (the class grid, assessments, periods) hold no personal data: nothing there is anyone's.
    for (const table of ['class_subjects', 'assessments', 'school_periods', 'consent_purposes'])
      for (const treatment of TREATMENTS)
        for (const dado of treatment.dados)
          if (getTableConfig(dado.tabela).name === table) expect('mantido' in dado, table).toBe(true);
  });

  it('finds each person by their own id in their own table', () => {
    const own = (table: string, kind: Titular) =>
      TREATMENTS.flatMap((treatment) => treatment.dados).some(
        (dado) => getTableConfig(dado.tabela).name === table && 'de' in dado && dado.de[kind] !== undefined,
      );
    expect(own('students', 'aluno')).toBe(true);
    expect(own('guardians', 'responsavel')).toBe(true);
    expect(own('users', 'usuario')).toBe(true);
  });

  it('writes who accesses each kind of data from the profiles and how long from the settings', () => {
    const register = buildProcessingRegister({
      ...defaultRetention,
      responsaveis_anos: 7,
      auditoria_dias: 400,
    });
    const guardians = register.entradas.find((entry) => entry.categoria.includes('responsáveis'))!;
    expect(guardians.retencao).toContain('7 anos');
    expect(guardians.dados[0]).toEqual({
      tabela: 'guardians',
      colunas: [
        'nome',
        'e-mail',
        'telefone',
        'CPF',
        'endereço',
        'CEP',
        'logradouro',
        'número',
        'complemento',
        'bairro',
        'cidade',
        'UF',
        'observações',
        'usuario id',
      ],
    });
    // Each access profile, not the kind of account (ADR 0025): the financeiro reads families' contacts too.
    expect(guardians.acesso.map((entry) => entry.perfil)).toEqual([...STAFF_AND_FAMILY_PROFILES]);
    const audit = register.entradas.find((entry) => entry.categoria.startsWith('Trilha'))!;
    expect(audit.retencao).toContain('400 dias');
    // Only Direção reads the audit trail (src/shared/permissions.ts).
    expect(audit.acesso.map((entry) => entry.perfil)).toEqual(['Direção']);
  });
});

describe('GET /api/lgpd/registro-tratamento', () => {
  const t = setupTestApp();
  const { send, get } = requestsOf(() => t.app);

  it('names the school’s own profiles with what they reach', async () => {
    const admin = await signedIn(t, 'administrador');
    const created = await send('POST', '/api/perfis', admin.cookie, {
      nome: 'Portaria',
      permissoes: ['dashboard.read', 'students.read'],
    });
    expect(created.statusCode).toBe(201);
    const register = dataOf<ProcessingRegister>(await get('/api/lgpd/registro-tratamento', admin.cookie));
    const students = register.entradas.find((entry) =>
      entry.categoria.startsWith('Identificação e contato dos alunos'),
    )!;
    expect(students.acesso.find((entry) => entry.perfil === 'Portaria')?.permissoes).toEqual([
      permissionLabels['students.read'],
    ]);
    const audit = register.entradas.find((entry) => entry.categoria.startsWith('Trilha'))!;
    expect(audit.acesso.map((entry) => entry.perfil)).not.toContain('Portaria');
  });

  it('follows the saved retention periods, for the administrator only', async () => {
    const admin = await signedIn(t, 'administrador');
    await send('PUT', '/api/configuracoes/retencao', admin.cookie, {
      registros_tecnicos_dias: 12,
      auditoria_dias: 365,
      responsaveis_anos: 6,
    });
    const response = await get('/api/lgpd/registro-tratamento', admin.cookie);
    expect(response.statusCode).toBe(200);
    const register = dataOf<ProcessingRegister>(response);
    expect(register.prazos).toEqual({
      registros_tecnicos_dias: 12,
      auditoria_dias: 365,
      responsaveis_anos: 6,
      // Not sent (a client from before matrícula online): the default stays.
      interessados_meses: 12,
    });
    expect(register.entradas.map((entry) => entry.retencao).join(' ')).toContain('12 dias depois de expirar');
    const teacher = await signedIn(t, 'professor');
    expect((await get('/api/lgpd/registro-tratamento', teacher.cookie)).statusCode).toBe(403);
  });
});
