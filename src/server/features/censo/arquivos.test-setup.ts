/**
 * A small census layout and sources of the tests' own (issue 37 part 5): the writer, the assembly, the
 * routes and the import are tested with these, independently of the 2024 tables and the real sources
 * the other parts write. The sources read the database for real (the class history, census rows).
 */
import { eq, inArray } from 'drizzle-orm';
import {
  codigoProprio,
  codigosDe,
  coresRacas,
  etapaDaSerie,
  etapas,
  situacoesAluno,
} from '../../../shared/censo.codigos.js';
import { censoAlunos, censoTurmas } from '../../db/schema/censo.js';
import { settings } from '../../db/schema/settings.js';
import { setupTestApp, type TestApp } from '../../test/test-app.js';
import { codigoInepDaEscola } from './censo.service.js';
import { censoArquivosRoutes } from './index.js';
import type { Campo, FonteCenso, LayoutAno, Linha, TipoRegistro } from './layout.js';
import { matriculasAposData, matriculasNaData, type MatriculaCenso } from './matriculas.js';

type SemN = Omit<Campo, 'n'>;
const numerar = (campos: SemN[]): Campo[] => campos.map((campo, index) => ({ ...campo, n: index + 1 }));
const tipo = (valor: string): SemN => ({
  chave: 'tipo_registro',
  descricao: 'Tipo de registro',
  formato: 'fixo',
  valor,
});
const escola: SemN = {
  chave: 'escola_inep',
  descricao: 'Código de escola - Inep',
  formato: 'numero',
  tamanho: 8,
  obrigatorio: true,
};

/** The class's and the student's own codes, as records 90 and 91 carry them after the school. */
const turmaEAluno: SemN[] = [
  { chave: 'turma_codigo', descricao: 'Código da turma na entidade/escola', formato: 'texto', tamanho: 20 },
  { chave: 'aluno_codigo', descricao: 'Código do aluno no sistema próprio', formato: 'texto', tamanho: 20 },
];

const vazio: Record<TipoRegistro, readonly Campo[]> = {
  '00': [],
  '10': [],
  '20': [],
  '30': [],
  '40': [],
  '50': [],
  '60': [],
  '89': [],
  '90': [],
  '91': [],
};

export const LAYOUT_TESTE: LayoutAno = {
  ano: 2024,
  registros: {
    ...vazio,
    '00': numerar([
      tipo('00'),
      {
        chave: 'codigo_inep',
        descricao: 'Código de escola - Inep',
        formato: 'numero',
        tamanho: 8,
        obrigatorio: true,
      },
      { chave: 'nome', descricao: 'Nome da escola', formato: 'texto', tamanho: 100, obrigatorio: true },
      {
        chave: 'email',
        descricao: 'Endereço eletrônico (e-mail) da escola',
        formato: 'texto',
        tamanho: 50,
        comAcentos: true,
      },
      { chave: 'cnpj', descricao: 'CNPJ da escola privada', formato: 'cnpj' },
    ]),
    '20': numerar([
      tipo('20'),
      escola,
      {
        chave: 'codigo_turma',
        descricao: 'Código da turma na entidade/escola',
        formato: 'texto',
        tamanho: 20,
        obrigatorio: true,
      },
      { chave: 'inep_turma', descricao: 'Código da turma - Inep', formato: 'numero', tamanho: 10 },
      { chave: 'nome', descricao: 'Nome da turma', formato: 'texto', tamanho: 80, obrigatorio: true },
      {
        chave: 'etapa',
        descricao: 'Etapa',
        formato: 'codigo',
        codigos: codigosDe(etapas),
        obrigatorio: true,
      },
    ]),
    '30': numerar([
      tipo('30'),
      escola,
      {
        chave: 'codigoPessoa',
        descricao: 'Código da pessoa física no sistema próprio',
        formato: 'texto',
        tamanho: 20,
        obrigatorio: true,
      },
      { chave: 'inep', descricao: 'Identificação única (Inep)', formato: 'numero', tamanho: 12 },
      { chave: 'cpf', descricao: 'Número do CPF', formato: 'cpf' },
      { chave: 'nome', descricao: 'Nome completo', formato: 'texto', tamanho: 100, obrigatorio: true },
      { chave: 'data_nascimento', descricao: 'Data de nascimento', formato: 'data', obrigatorio: true },
      {
        chave: 'cor_raca',
        descricao: 'Cor/raça',
        formato: 'codigo',
        codigos: codigosDe(coresRacas),
        obrigatorio: true,
      },
      {
        chave: 'deficiencia',
        descricao: 'Pessoa física com deficiência',
        formato: 'indicador',
        obrigatorio: true,
      },
      {
        chave: 'cegueira',
        descricao: 'Cegueira',
        formato: 'indicador',
        obrigatorio: { quando: 'deficiencia', em: [true] },
      },
    ]),
    '60': numerar([
      tipo('60'),
      escola,
      {
        chave: 'aluno_codigo',
        descricao: 'Código da pessoa física no sistema próprio',
        formato: 'texto',
        tamanho: 20,
        obrigatorio: true,
      },
      { chave: 'aluno_inep', descricao: 'Identificação única (Inep)', formato: 'numero', tamanho: 12 },
      {
        chave: 'turma_codigo',
        descricao: 'Código da turma na entidade/escola',
        formato: 'texto',
        tamanho: 20,
        obrigatorio: true,
      },
      { chave: 'turma_inep', descricao: 'Código da turma - Inep', formato: 'numero', tamanho: 10 },
      { chave: 'matricula_inep', descricao: 'Código da matrícula', formato: 'numero', tamanho: 12 },
    ]),
    '89': numerar([tipo('89'), escola]),
    '90': numerar([
      tipo('90'),
      escola,
      ...turmaEAluno,
      {
        chave: 'situacao',
        descricao: 'Situação do aluno',
        formato: 'codigo',
        codigos: codigosDe(situacoesAluno),
        obrigatorio: true,
      },
    ]),
    '91': numerar([tipo('91'), escola, ...turmaEAluno]),
  },
};

export const CODIGO_ESCOLA = '35000001';

export async function definirCodigoEscola(t: TestApp, codigo: string = CODIGO_ESCOLA) {
  await t.database.db
    .insert(settings)
    .values({ key: 'censo_escola', value: { codigo_inep: codigo } })
    .onConflictDoUpdate({ target: settings.key, set: { value: { codigo_inep: codigo } } });
}

const link = (path: string) => `/portal/${path}`;

async function dadosAlunos(db: TestApp['database']['db'], matriculas: readonly MatriculaCenso[]) {
  const ids = [...new Set(matriculas.map((matricula) => matricula.alunoId))];
  const rows =
    ids.length === 0 ? [] : await db.select().from(censoAlunos).where(inArray(censoAlunos.alunoId, ids));
  return new Map(rows.map((row) => [row.alunoId, row]));
}

/** Stage 1 of the tests: 00 from the settings, 20 per class, 30 per student and 60 per enrolment. */
export const fonteMatriculaTeste: FonteCenso = {
  async linhas(ctx) {
    const codigo = await codigoInepDaEscola(ctx.db);
    const matriculas = await matriculasNaData(ctx.db, ctx.ano, ctx.dataReferencia);
    const dados = await dadosAlunos(ctx.db, matriculas);
    const linhas: Linha[] = [];
    const base = { escola_inep: codigo };
    const vistas = new Set<string>();
    for (const m of matriculas) {
      linhas.push({
        tipo: '60',
        entidade: 'matricula',
        entidadeId: `${m.alunoId}:${m.turmaId}`,
        nome: m.aluno.nome,
        link: link(`alunos/${m.alunoId}`),
        valores: { ...base, aluno_codigo: codigoProprio(m.alunoId), turma_codigo: codigoProprio(m.turmaId) },
      });
      if (!vistas.has(m.alunoId)) {
        vistas.add(m.alunoId);
        const dado = dados.get(m.alunoId);
        linhas.push({
          tipo: '30',
          entidade: 'aluno',
          entidadeId: m.alunoId,
          nome: m.aluno.nome,
          link: link(`alunos/${m.alunoId}/censo`),
          rotulos: { cor_raca: 'Cor/raça declarada' },
          valores: {
            ...base,
            codigoPessoa: codigoProprio(m.alunoId),
            inep: dado?.inepId,
            cpf: m.aluno.cpf,
            nome: m.aluno.nome,
            data_nascimento: m.aluno.dataNascimento,
            cor_raca: dado?.corRaca,
            deficiencia: (dado?.deficiencias.length ?? 0) > 0,
            cegueira: dado?.deficiencias.includes('cegueira'),
          },
        });
      }
      if (!vistas.has(m.turmaId)) {
        vistas.add(m.turmaId);
        const [turma] = await ctx.db.select().from(censoTurmas).where(eq(censoTurmas.turmaId, m.turmaId));
        linhas.push({
          tipo: '20',
          entidade: 'turma',
          entidadeId: m.turmaId,
          nome: m.turma.nome,
          link: link(`turmas/${m.turmaId}`),
          valores: {
            ...base,
            codigo_turma: codigoProprio(m.turmaId),
            inep_turma: turma?.inepId,
            nome: m.turma.nome,
            etapa: turma?.etapa ?? etapaDaSerie(m.turma.serie),
          },
        });
      }
    }
    linhas.push({
      tipo: '00',
      entidade: 'escola',
      entidadeId: null,
      nome: 'Escola',
      link: link('configuracoes/censo'),
      valores: { codigo_inep: codigo, nome: 'Colégio Conceição', email: 'secretaria@colegio.test' },
    });
    return linhas;
  },
  pendencias: () => Promise.resolve([]),
};

/** Stage 2 of the tests: 89, 90 per enrolment on the reference date (situação 5), 91 per admission after. */
export const fonteSituacaoTeste: FonteCenso = {
  async linhas(ctx) {
    const codigo = await codigoInepDaEscola(ctx.db);
    const base = { escola_inep: codigo };
    const linha = (tipoRegistro: '90' | '91', m: MatriculaCenso): Linha => ({
      tipo: tipoRegistro,
      entidade: 'matricula',
      entidadeId: `${m.alunoId}:${m.turmaId}`,
      nome: m.aluno.nome,
      link: link(`alunos/${m.alunoId}`),
      valores: {
        ...base,
        turma_codigo: codigoProprio(m.turmaId),
        aluno_codigo: codigoProprio(m.alunoId),
        situacao: '5',
      },
    });
    return [
      ...(await matriculasAposData(ctx.db, ctx.ano, ctx.dataReferencia)).map((m) => linha('91', m)),
      ...(await matriculasNaData(ctx.db, ctx.ano, ctx.dataReferencia)).map((m) => linha('90', m)),
      {
        tipo: '89',
        entidade: 'escola',
        entidadeId: null,
        nome: 'Escola',
        link: link('configuracoes/censo'),
        valores: base,
      },
    ];
  },
  pendencias: () => Promise.resolve([]),
};

export const MONTAGEM_TESTE = {
  layoutDoAno: (ano: number) => (ano >= 2024 ? { ...LAYOUT_TESTE, ano: 2024 } : null),
  fontes: { 'matricula-inicial': [fonteMatriculaTeste], 'situacao-do-aluno': [fonteSituacaoTeste] },
};

/** The test app with the census files' routes over the tests' own layout, at `/api/censo-teste/:ano`. */
export function setupCensoTesteApp() {
  return setupTestApp(
    {},
    {
      beforeReady: async (app) => {
        await app.register(censoArquivosRoutes, {
          prefix: '/api/censo-teste/:ano',
          montagem: MONTAGEM_TESTE,
        });
      },
    },
  );
}
