/**
 * The import of INEP's IDs (issue 37, ADR 0059): the file Educacenso gives back (its export, or last
 * year's) pairs our codes 'no sistema próprio' (`codigoProprio(id)`) with INEP's IDs — record 00 the
 * school, 20 the classes, 30 the people, 60 the enrolments. Every position is read from the year's
 * layout by the field's key, so a new year's table moves them; the keys each meaning answers to are
 * `CHAVES_IDS` (the layout tables of the parts were written with different spellings: every one is
 * accepted, the first the record's table has wins).
 *
 * Nothing is overwritten: an ID the product already holds and the file contradicts is 'divergente' (a
 * person decides), an ID given to two of our people (or two IDs to one) is 'duplicado' and neither is
 * stored. A malformed file is refused whole (422, with its line), and everything else is stored in one
 * transaction.
 */
import { eq } from 'drizzle-orm';
import type { ImportacaoIdsResultado } from '../../../shared/censo.schemas.js';
import { codigoProprio } from '../../../shared/censo.codigos.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { censoAlunos, censoMatriculas, censoProfissionais, censoTurmas } from '../../db/schema/censo.js';
import { students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { AppError } from '../../lib/errors.js';
import type { LayoutAno, TipoRegistro } from './layout.js';

/** The keys each meaning may have in a record's table (the first present wins). */
export const CHAVES_IDS = {
  escolaInep: ['codigo_inep', 'escola_inep', 'codigo_escola', 'inepEscola', 'inep_escola'],
  turmaCodigo: ['turma_codigo', 'codigo_turma', 'codigoTurma'],
  turmaInep: ['turma_inep', 'inep_turma', 'inepTurma'],
  pessoaCodigo: ['pessoa_codigo', 'codigo_pessoa', 'codigoPessoa', 'aluno_codigo', 'codigoAluno'],
  pessoaInep: ['pessoa_inep', 'inep_pessoa', 'inep', 'aluno_inep', 'inepAluno', 'inepPessoa'],
  pessoaNome: ['nome', 'nome_pessoa', 'nomePessoa'],
  matriculaInep: ['matricula_inep', 'inep_matricula', 'matriculaInep'],
} as const;
type Sentido = keyof typeof CHAVES_IDS;

/** What each record gives the import; the ones marked required must be in the record's table. */
const LEITURA: Partial<Record<TipoRegistro, { sentido: Sentido; exigido: boolean }[]>> = {
  '00': [{ sentido: 'escolaInep', exigido: true }],
  '20': [
    { sentido: 'turmaCodigo', exigido: true },
    { sentido: 'turmaInep', exigido: true },
  ],
  '30': [
    { sentido: 'pessoaCodigo', exigido: true },
    { sentido: 'pessoaInep', exigido: true },
    { sentido: 'pessoaNome', exigido: false },
  ],
  '60': [
    { sentido: 'pessoaCodigo', exigido: true },
    { sentido: 'pessoaInep', exigido: false },
    { sentido: 'turmaCodigo', exigido: true },
    { sentido: 'turmaInep', exigido: false },
    { sentido: 'matriculaInep', exigido: true },
  ],
};

/** INEP's forms: the school 8 digits, a person 12, a class up to 10, an enrolment up to 12. */
const FORMA: Partial<Record<Sentido, { regex: RegExp; rotulo: string }>> = {
  escolaInep: { regex: /^\d{8}$/, rotulo: 'o código INEP da escola (8 dígitos)' },
  pessoaInep: { regex: /^\d{12}$/, rotulo: 'o ID do INEP da pessoa (12 dígitos)' },
  turmaInep: { regex: /^\d{1,10}$/, rotulo: 'o código INEP da turma (até 10 dígitos)' },
  matriculaInep: { regex: /^\d{1,12}$/, rotulo: 'o código INEP da matrícula (até 12 dígitos)' },
  turmaCodigo: { regex: /^[0-9A-Za-z-]{1,20}$/, rotulo: 'o código da turma no sistema próprio' },
  pessoaCodigo: { regex: /^[0-9A-Za-z-]{1,20}$/, rotulo: 'o código da pessoa no sistema próprio' },
};

export interface RegistroLido {
  linha: number;
  tipo: TipoRegistro;
  valores: Partial<Record<Sentido, string>>;
}

const invalido = (linha: number, mensagem: string) =>
  new AppError('UNPROCESSABLE', `Linha ${String(linha)} do arquivo: ${mensagem} Nada foi gravado.`);

function posicoes(layout: LayoutAno, tipo: TipoRegistro) {
  const campos = layout.registros[tipo];
  const leitura = LEITURA[tipo] ?? [];
  return leitura.flatMap(({ sentido, exigido }) => {
    const campo = CHAVES_IDS[sentido]
      .map((chave) => campos.find((item) => item.chave === chave))
      .find((item) => item !== undefined);
    if (!campo && exigido)
      throw new AppError(
        'UNPROCESSABLE',
        `O leiaute de ${String(layout.ano)} não diz onde o registro ${tipo} traz ${FORMA[sentido]?.rotulo ?? sentido}: a importação não pode ler o arquivo.`,
      );
    return campo ? [{ sentido, n: campo.n }] : [];
  });
}

/** The file's records 00, 20, 30 and 60, read by the layout's positions; 422 at the first bad line. */
export function lerArquivoIds(layout: LayoutAno, texto: string): RegistroLido[] {
  const lidos: RegistroLido[] = [];
  const linhas = texto.replace(/^\uFEFF/, '').split(/\r?\n/);
  linhas.forEach((conteudo, index) => {
    const numero = index + 1;
    if (conteudo.trim() === '') return;
    const campos = conteudo.split('|');
    const tipo = campos[0]!.trim();
    if (!/^\d{2}$/.test(tipo))
      throw invalido(numero, 'não começa pelo tipo de registro do Educacenso (00, 10, 20…).');
    if (!(tipo in LEITURA)) return;
    const registro = tipo as TipoRegistro;
    const valores: RegistroLido['valores'] = {};
    for (const { sentido, n } of posicoes(layout, registro)) {
      if (campos.length < n)
        throw invalido(
          numero,
          `o registro ${registro} tem ${String(campos.length)} campos e o leiaute de ${String(layout.ano)} lê o campo ${String(n)}.`,
        );
      const valor = campos[n - 1]!.trim();
      if (valor === '') continue;
      const forma = FORMA[sentido];
      if (forma && !forma.regex.test(valor))
        throw invalido(numero, `o campo ${String(n)} do registro ${registro} devia ser ${forma.rotulo}.`);
      valores[sentido] = valor;
    }
    lidos.push({ linha: numero, tipo: registro, valores });
  });
  if (!lidos.some((registro) => registro.tipo === '00'))
    throw new AppError(
      'UNPROCESSABLE',
      'O arquivo não tem o registro 00 (a escola): envie o arquivo que o Educacenso exportou. Nada foi gravado.',
    );
  for (const registro of lidos)
    if (registro.tipo === '00' && !registro.valores.escolaInep)
      throw invalido(registro.linha, 'o registro 00 está sem o código INEP da escola.');
  return lidos;
}

// --- Matching ----------------------------------------------------------------------------------------

type Pessoa =
  | { tipo: 'aluno'; id: string; nome: string; inep: string | null }
  | {
      tipo: 'profissional';
      /** censo_profissionais.id, or null for a teacher without census data yet. */
      id: string | null;
      professorId: string | null;
      nome: string;
      inep: string | null;
    };

async function pessoasPorCodigo(db: DbOrTx): Promise<Map<string, Pessoa>> {
  const [alunos, dadosAlunos, professores, profissionais] = await Promise.all([
    db.select({ id: students.id, nome: students.nome }).from(students),
    db.select({ id: censoAlunos.alunoId, inep: censoAlunos.inepId }).from(censoAlunos),
    db.select({ id: teachers.id, nome: teachers.nome }).from(teachers),
    db
      .select({
        id: censoProfissionais.id,
        professorId: censoProfissionais.professorId,
        nome: censoProfissionais.nome,
        inep: censoProfissionais.inepId,
      })
      .from(censoProfissionais),
  ]);
  const inepAluno = new Map(dadosAlunos.map((row) => [row.id, row.inep]));
  const mapa = new Map<string, Pessoa>();
  for (const aluno of alunos)
    mapa.set(codigoProprio(aluno.id), { tipo: 'aluno', ...aluno, inep: inepAluno.get(aluno.id) ?? null });
  const nomeProfessor = new Map(professores.map((row) => [row.id, row.nome]));
  const doProfessor = new Map<string, Pessoa>();
  for (const row of profissionais) {
    const pessoa: Pessoa = {
      tipo: 'profissional',
      id: row.id,
      professorId: row.professorId,
      nome: (row.professorId ? nomeProfessor.get(row.professorId) : null) ?? row.nome ?? '',
      inep: row.inep,
    };
    mapa.set(codigoProprio(row.id), pessoa);
    if (row.professorId) doProfessor.set(row.professorId, pessoa);
  }
  // A teacher may be sent under the teacher's own id: the same person as their census row.
  for (const professor of professores)
    mapa.set(
      codigoProprio(professor.id),
      doProfessor.get(professor.id) ?? {
        tipo: 'profissional',
        id: null,
        professorId: professor.id,
        nome: professor.nome,
        inep: null,
      },
    );
  return mapa;
}

interface Turma {
  id: string;
  nome: string;
  inep: string | null;
}

async function turmasPorCodigo(db: DbOrTx): Promise<Map<string, Turma>> {
  const [turmas, dados] = await Promise.all([
    db.select({ id: classes.id, nome: classes.nome }).from(classes),
    db.select({ id: censoTurmas.turmaId, inep: censoTurmas.inepId }).from(censoTurmas),
  ]);
  const inep = new Map(dados.map((row) => [row.id, row.inep]));
  return new Map(
    turmas.map((turma) => [codigoProprio(turma.id), { ...turma, inep: inep.get(turma.id) ?? null }]),
  );
}

/** Claims of the file: our code → the IDs it gives it (with the first line and record saying so). */
type Alegacoes = Map<string, { ids: Set<string>; registro: string; nome: string | null }>;

function alegar(
  alegacoes: Alegacoes,
  codigo: string,
  id: string | undefined,
  registro: string,
  nome?: string,
) {
  const atual = alegacoes.get(codigo) ?? { ids: new Set<string>(), registro, nome: null };
  if (id) atual.ids.add(id);
  atual.nome ??= nome ?? null;
  alegacoes.set(codigo, atual);
}

export interface Decisao<T> {
  entidade: T;
  inep: string;
}

/**
 * The generic rules for one kind (people or classes): each claimed code is ours or 'não encontrado';
 * two IDs for one code or one ID for two of ours (in the file, or already held by another) is
 * 'duplicado'; another ID already held is 'divergente'; the same is 'inalterado'; the rest is stored.
 */
function decidir<T extends { id: string | null; nome: string; inep: string | null }>(
  alegacoes: Alegacoes,
  nossos: Map<string, T>,
  chaveDe: (entidade: T) => string,
  resultado: ImportacaoIdsResultado,
): Decisao<T>[] {
  const porId = new Map<string, { codigo: string; entidade: T }[]>();
  const validos: { codigo: string; entidade: T; inep: string; registro: string }[] = [];
  for (const [codigo, alegacao] of alegacoes) {
    const entidade = nossos.get(codigo);
    if (!entidade) {
      resultado.nao_encontrados.push({ registro: alegacao.registro, codigo, nome: alegacao.nome });
      continue;
    }
    const ids = [...alegacao.ids];
    if (ids.length === 0) continue;
    if (ids.length > 1) {
      resultado.duplicados.push({ inep_id: ids.join(' e '), nomes: [entidade.nome] });
      continue;
    }
    const inep = ids[0]!;
    porId.set(inep, [...(porId.get(inep) ?? []), { codigo, entidade }]);
    validos.push({ codigo, entidade, inep, registro: alegacao.registro });
  }
  const detentores = new Map<string, T>();
  for (const entidade of new Set(nossos.values())) if (entidade.inep) detentores.set(entidade.inep, entidade);
  const decisoes: Decisao<T>[] = [];
  const jaDuplicados = new Set<string>();
  for (const { entidade, inep, registro } of validos) {
    const mesmos = porId.get(inep) ?? [];
    const distintas = new Set(mesmos.map((item) => chaveDe(item.entidade)));
    const detentor = detentores.get(inep);
    const outroDetentor = detentor && chaveDe(detentor) !== chaveDe(entidade) ? detentor : null;
    if (distintas.size > 1 || outroDetentor) {
      if (!jaDuplicados.has(inep)) {
        const nomes = new Set(mesmos.map((item) => item.entidade.nome));
        if (outroDetentor) nomes.add(outroDetentor.nome);
        resultado.duplicados.push({ inep_id: inep, nomes: [...nomes] });
        jaDuplicados.add(inep);
      }
      continue;
    }
    if (entidade.inep === inep) resultado.inalterados += 1;
    else if (entidade.inep)
      resultado.divergentes.push({
        registro,
        entidade_id: chaveDe(entidade),
        nome: entidade.nome,
        inep_atual: entidade.inep,
        inep_arquivo: inep,
      });
    else decisoes.push({ entidade, inep });
  }
  return decisoes;
}

const chavePessoa = (pessoa: Pessoa) =>
  pessoa.tipo === 'aluno' ? pessoa.id : (pessoa.id ?? `professor:${pessoa.professorId ?? ''}`);

/** Applies the file to the database (inside the caller's transaction) and says what happened. */
export async function aplicarIds(
  tx: DbOrTx,
  registros: readonly RegistroLido[],
  codigoEscola: string,
): Promise<ImportacaoIdsResultado> {
  const resultado: ImportacaoIdsResultado = {
    escola: { codigo_inep: codigoEscola, confere: true },
    vinculados: { alunos: 0, profissionais: 0, turmas: 0, matriculas: 0 },
    inalterados: 0,
    nao_encontrados: [],
    divergentes: [],
    duplicados: [],
  };
  const [pessoas, turmas] = await Promise.all([pessoasPorCodigo(tx), turmasPorCodigo(tx)]);
  const alegacoesPessoas: Alegacoes = new Map();
  const alegacoesTurmas: Alegacoes = new Map();
  for (const { tipo, valores } of registros) {
    if ((tipo === '30' || tipo === '60') && valores.pessoaCodigo)
      alegar(alegacoesPessoas, valores.pessoaCodigo, valores.pessoaInep, tipo, valores.pessoaNome);
    if ((tipo === '20' || tipo === '60') && valores.turmaCodigo)
      alegar(alegacoesTurmas, valores.turmaCodigo, valores.turmaInep, tipo);
  }
  for (const { entidade, inep } of decidir(alegacoesPessoas, pessoas, chavePessoa, resultado)) {
    if (entidade.tipo === 'aluno') {
      await tx
        .insert(censoAlunos)
        .values({ alunoId: entidade.id, inepId: inep })
        .onConflictDoUpdate({ target: censoAlunos.alunoId, set: { inepId: inep, updatedAt: new Date() } });
      resultado.vinculados.alunos += 1;
    } else {
      if (entidade.id)
        await tx
          .update(censoProfissionais)
          .set({ inepId: inep, updatedAt: new Date() })
          .where(eqId(entidade.id));
      else await tx.insert(censoProfissionais).values({ professorId: entidade.professorId, inepId: inep });
      resultado.vinculados.profissionais += 1;
    }
  }
  for (const { entidade, inep } of decidir(alegacoesTurmas, turmas, (turma) => turma.id, resultado)) {
    await tx
      .insert(censoTurmas)
      .values({ turmaId: entidade.id, inepId: inep })
      .onConflictDoUpdate({ target: censoTurmas.turmaId, set: { inepId: inep, updatedAt: new Date() } });
    resultado.vinculados.turmas += 1;
  }
  await aplicarMatriculas(tx, registros, pessoas, turmas, resultado);
  return resultado;
}

const eqId = (id: string) => eq(censoProfissionais.id, id);

async function aplicarMatriculas(
  tx: DbOrTx,
  registros: readonly RegistroLido[],
  pessoas: Map<string, Pessoa>,
  turmas: Map<string, Turma>,
  resultado: ImportacaoIdsResultado,
) {
  const existentes = await tx.select().from(censoMatriculas);
  const atual = new Map(existentes.map((row) => [`${row.alunoId}|${row.turmaId}`, row.inepId]));
  const donoDoId = new Map(existentes.map((row) => [row.inepId, `${row.alunoId}|${row.turmaId}`]));
  const alegacoes: Alegacoes = new Map();
  const nomes = new Map<string, string>();
  for (const { tipo, valores } of registros) {
    if (tipo !== '60' || !valores.pessoaCodigo || !valores.turmaCodigo) continue;
    const pessoa = pessoas.get(valores.pessoaCodigo);
    const turma = turmas.get(valores.turmaCodigo);
    // An unknown person or class is already 'não encontrado' by its own code.
    if (!pessoa || !turma) continue;
    if (pessoa.tipo !== 'aluno') {
      resultado.nao_encontrados.push({ registro: '60', codigo: valores.pessoaCodigo, nome: pessoa.nome });
      continue;
    }
    const chave = `${pessoa.id}|${turma.id}`;
    nomes.set(chave, `${pessoa.nome} (${turma.nome})`);
    alegar(alegacoes, chave, valores.matriculaInep, '60');
  }
  const nossas = new Map(
    [...nomes].map(([chave, nome]) => [chave, { id: chave, nome, inep: atual.get(chave) ?? null }]),
  );
  for (const [inep, chave] of donoDoId)
    if (!nossas.has(chave))
      nossas.set(chave, { id: chave, nome: 'Outra matrícula já vinculada a este código', inep });
  for (const { entidade, inep } of decidir(alegacoes, nossas, (item) => item.id, resultado)) {
    const [alunoId, turmaId] = entidade.id.split('|') as [string, string];
    await tx.insert(censoMatriculas).values({ alunoId, turmaId, inepId: inep });
    resultado.vinculados.matriculas += 1;
  }
}
