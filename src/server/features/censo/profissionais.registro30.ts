/**
 * A professional's record 30 values (issue 37), by the keys of part 2's r30 table: i-Educar's property
 * names in EducacensoExportController::exportaDadosRegistro30, arrays flattened with a 1-based suffix.
 * The values are INEP's codes; 0/1 items are booleans (null: not applicable, written empty). The rules of
 * i-Educar's RegrasGeraisRegistro30 and RegrasEspecificasRegistro30 that empty fields for staff are kept
 * here: recursos and certidão are a student's; residence is not asked of a gestor who is not in a class;
 * the e-mail is a gestor's only; formation beyond ensino médio only for educação superior.
 */
import { PAIS_BRASIL, codigoProprio } from '../../../shared/censo.codigos.js';
import type { Valor } from './layout.js';
import type { CensoProfissionalRow } from '../../db/schema/censo.js';
import { valoresDeficiencia } from './pessoa.deficiencias.js';

/** Whom the line is about: a teacher (their name and CPF) or a professional outside the staff. */
export interface PessoaProfissional {
  /** The id the screen opens: the teacher's, or the census row's for a non-teacher. */
  id: string;
  professorId: string | null;
  nome: string;
  cpf: string | null;
  email: string | null;
  row: CensoProfissionalRow | null;
  gestor: boolean;
  docente: boolean;
}

/** 'Código da pessoa física no sistema próprio' of a professional: the teacher's id, or the row's. */
export function codigoPessoaProfissional(pessoa: Pick<PessoaProfissional, 'id'>): string {
  return codigoProprio(pessoa.id);
}

const RECURSOS = [
  'recursoLedor',
  'recursoTranscricao',
  'recursoGuia',
  'recursoTradutor',
  'recursoLeituraLabial',
  'recursoProvaAmpliada',
  'recursoProvaSuperampliada',
  'recursoAudio',
  'recursoLinguaPortuguesaSegundaLingua',
  'recursoVideoLibras',
  'recursoBraile',
  'recursoNenhum',
];
const FORMACOES_CONTINUADAS: Record<string, string> = {
  creche: 'formacaoContinuadaCreche',
  pre_escola: 'formacaoContinuadaPreEscola',
  anos_iniciais: 'formacaoContinuadaAnosIniciaisFundamental',
  anos_finais: 'formacaoContinuadaAnosFinaisFundamental',
  ensino_medio: 'formacaoContinuadaEnsinoMedio',
  eja: 'formacaoContinuadaEducacaoJovensAdultos',
  educacao_especial: 'formacaoContinuadaEducacaoEspecial',
  educacao_indigena: 'formacaoContinuadaEducacaoIndigena',
  educacao_campo: 'formacaoContinuadaEducacaoCampo',
  educacao_ambiental: 'formacaoContinuadaEducacaoAmbiental',
  direitos_humanos: 'formacaoContinuadaEducacaoDireitosHumanos',
  bilingue_surdos: 'formacaoContinuadaEducacaoBilingueSurdos',
  // i-Educar's property name carries the accents ('Informação'): the key is kept exactly as written.
  tic: 'formacaoContinuadaEducacaoTecnologiaInformaçãoComunicacao',
  genero_diversidade: 'formacaoContinuadaGeneroDiversidadeSexual',
  direitos_crianca: 'formacaoContinuadaDireitosCriancaAdolescente',
  etnico_raciais: 'formacaoContinuadaEducacaoRelacoesEticoRaciais',
  gestao_escolar: 'formacaoContinuadaEducacaoGestaoEscolar',
  outros: 'formacaoContinuadaEducacaoOutros',
  nenhum: 'formacaoContinuadaEducacaoNenhum',
};

const ESCOLARIDADE_MEDIO = '7';
const ESCOLARIDADE_SUPERIOR = '6';

function formacaoDe(row: CensoProfissionalRow | null): Record<string, Valor> {
  const escolaridade = row?.escolaridade ?? null;
  const superior = escolaridade === ESCOLARIDADE_SUPERIOR;
  const valores: Record<string, Valor> = {
    escolaridade,
    tipoEnsinoMedioCursado:
      escolaridade === ESCOLARIDADE_MEDIO || superior ? (row?.tipoEnsinoMedio ?? null) : null,
  };
  const cursos = superior ? (row?.cursosSuperiores ?? []) : [];
  for (let i = 0; i < 3; i++) {
    const curso = cursos[i];
    valores[`formacaoCurso${String(i + 1)}`] = curso?.curso ?? null;
    valores[`formacaoAnoConclusao${String(i + 1)}`] = curso?.ano ?? null;
    valores[`formacaoInstituicao${String(i + 1)}`] = curso?.ies ?? null;
    // Complementação pedagógica (for a bacharel or tecnólogo in a class): not asked by the product yet.
    valores[`complementacaoPedagogica${String(i + 1)}`] = null;
  }
  const pos = superior ? (row?.posGraduacoesConcluidas ?? []) : [];
  for (let i = 0; i < 6; i++) {
    const item = pos[i];
    valores[`posGraduacao${String(i + 1)}Tipo`] = item?.tipo ?? null;
    valores[`posGraduacao${String(i + 1)}Area`] = item?.area ?? null;
    valores[`posGraduacao${String(i + 1)}Ano`] = item?.ano ?? null;
  }
  valores.posGraduacaoNaoPossui = superior
    ? (row?.posGraduacoes ?? []).includes('nao_possui') && pos.length === 0
    : null;
  const continuada = row?.formacaoContinuada ?? [];
  for (const [chave, campo] of Object.entries(FORMACOES_CONTINUADAS))
    valores[campo] = continuada.length > 0 ? continuada.includes(chave) : null;
  return valores;
}

function residenciaDe(row: CensoProfissionalRow | null, pede: boolean): Record<string, Valor> {
  const pais = row?.paisResidencia ?? PAIS_BRASIL;
  const noBrasil = pede && pais === PAIS_BRASIL;
  const cep = noBrasil ? (row?.cepResidencia ?? null) : null;
  return {
    paisResidencia: pede ? pais : null,
    cep,
    municipioResidencia: cep ? (row?.municipioResidencia ?? null) : null,
    localizacaoResidencia: noBrasil ? (row?.zonaResidencia ?? null) : null,
    localizacaoDiferenciada: noBrasil ? (row?.localizacaoDiferenciada ?? null) : null,
  };
}

/** Record 30's values for a professional, with `tipoPessoa: 'profissional'` for part 2's table. */
export function valoresRegistro30(
  inepEscola: string | null,
  pessoa: PessoaProfissional,
): Record<string, Valor> {
  const { row } = pessoa;
  const nacionalidade = row?.nacionalidade ?? null;
  const brasileira = nacionalidade === '1' || nacionalidade === '2';
  const recursos: Record<string, Valor> = Object.fromEntries(RECURSOS.map((campo) => [campo, null]));
  const filiacao = row?.filiacao ?? null;
  return {
    tipoPessoa: 'profissional',
    registro: '30',
    inepEscola,
    codigoPessoa: codigoPessoaProfissional(pessoa),
    inep: row?.inepId ?? null,
    cpf: pessoa.cpf,
    nomePessoa: pessoa.nome,
    dataNascimento: row?.dataNascimento ?? null,
    filiacao,
    filiacao1: filiacao === '1' ? (row?.filiacao1 ?? null) : null,
    filiacao2: filiacao === '1' ? (row?.filiacao2 ?? null) : null,
    sexo: row?.sexo === 'masculino' ? '1' : row?.sexo === 'feminino' ? '2' : null,
    raca: row?.corRaca ?? null,
    nacionalidade,
    paisNacionalidade: row?.paisNacionalidade ?? (brasileira ? PAIS_BRASIL : null),
    // A foreigner or a Brazilian born abroad has no município de nascimento (RegrasGeraisRegistro30).
    municipioNascimento: nacionalidade === '1' ? (row?.municipioNascimento ?? null) : null,
    ...valoresDeficiencia(row?.deficiencias ?? []),
    ...recursos,
    certidaoNascimento: null,
    ...residenciaDe(row, pessoa.docente),
    ...formacaoDe(row),
    email: pessoa.gestor ? pessoa.email : null,
  };
}
