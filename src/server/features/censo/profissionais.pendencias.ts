/**
 * 'A teacher without formation for a class' (issue 37): the checks of a docente's formation against the
 * classes they teach, which the layout's tables cannot make (they see one line at a time).
 *
 * From i-Educar's analysis (Register30TeacherAndManagerDataAnalysis), what INEP rejects: no escolaridade;
 * ensino médio without its tipo; educação superior without a course (code, year, institution); a
 * pós-graduação without área or year (the API requires both); formação continuada not answered, or
 * 'Nenhum' beside another item. The product's own rule on top, from the LDB (art. 62): a docente of
 * educação infantil or anos iniciais needs at least the ensino médio normal (magistério) or a
 * licenciatura; of anos finais or ensino médio, a licenciatura. INEP takes such a teacher (it only counts
 * them in its 'adequação da formação docente' indicator): the pending list names them so the school can
 * fix the record or knowingly use 'baixar mesmo assim'. Doubt: a bacharel with complementação pedagógica
 * is adequate for INEP, and the product does not ask for the complementação yet.
 */
import type { Pendencia } from '../../../shared/censo.schemas.js';
import type { PessoaProfissional } from './profissionais.registro30.js';

export interface TurmaDoDocente {
  id: string;
  nome: string;
  /** INEP etapa (the class's census data, or mapped from its série); null when unknown. */
  etapa: string | null;
  inepId: string | null;
  escolarizacao: boolean;
}

interface QuadroFormacao {
  pessoas: PessoaProfissional[];
  alocacoes: { pessoa: PessoaProfissional; turma: TurmaDoDocente; funcao: string }[];
}

type Nova = (registro: string, pessoa: PessoaProfissional, campo: string, mensagem: string) => Pendencia;

const MEDIO = '7';
const SUPERIOR = '6';
/** Ensino médio normal/magistério (and its indigenous form). */
const MAGISTERIO = new Set(['2', '4']);
const ETAPAS_INICIAIS = new Set(['1', '2', '3', '14', '15', '16', '17', '18']);
const ETAPAS_FINAIS_E_MEDIO = new Set(['19', '20', '21', '41', '25', '26', '27', '28', '29']);
/** Functions that teach (docente; docente titular and tutor of EaD). */
const FUNCOES_DOCENTES = new Set(['1', '5', '6']);

function temLicenciatura(pessoa: PessoaProfissional): boolean {
  return (pessoa.row?.cursosSuperiores ?? []).some((curso) => curso.grau === 'licenciatura');
}

/** The formation of each professional (once each) and of each docente for each class they teach. */
export function pendenciasDeFormacao(quadro: QuadroFormacao, de: Nova): Pendencia[] {
  const pendencias: Pendencia[] = [];
  for (const pessoa of quadro.pessoas) {
    const row = pessoa.row;
    const escolaridade = row?.escolaridade ?? null;
    if (escolaridade === null) {
      pendencias.push(de('30', pessoa, 'Escolaridade', 'Informe a escolaridade (maior nível concluído).'));
      continue;
    }
    if (escolaridade === MEDIO && !row?.tipoEnsinoMedio)
      pendencias.push(
        de(
          '30',
          pessoa,
          'Tipo de ensino médio',
          'A escolaridade é ensino médio: informe o tipo de ensino médio cursado.',
        ),
      );
    if (escolaridade === SUPERIOR) {
      if ((row?.cursosSuperiores ?? []).length === 0)
        pendencias.push(
          de(
            '30',
            pessoa,
            'Cursos superiores',
            'A escolaridade é educação superior: informe ao menos um curso concluído (código do curso, ano de conclusão e instituição).',
          ),
        );
      const naoPossui = (row?.posGraduacoes ?? []).includes('nao_possui');
      const concluidas = row?.posGraduacoesConcluidas ?? [];
      if (!naoPossui && concluidas.length === 0)
        pendencias.push(
          de(
            '30',
            pessoa,
            'Pós-graduação',
            'Informe as pós-graduações concluídas, ou marque "Não tem pós-graduação concluída".',
          ),
        );
      if (naoPossui && concluidas.length > 0)
        pendencias.push(
          de(
            '30',
            pessoa,
            'Pós-graduação',
            '"Não tem pós-graduação concluída" está marcado junto com pós-graduações: deixe só um dos dois.',
          ),
        );
    }
    const continuada = row?.formacaoContinuada ?? [];
    if (continuada.length === 0)
      pendencias.push(
        de(
          '30',
          pessoa,
          'Formação continuada',
          'Informe os cursos de formação continuada (mínimo de 80 horas), ou marque "Nenhum".',
        ),
      );
    else if (continuada.includes('nenhum') && continuada.length > 1)
      pendencias.push(
        de(
          '30',
          pessoa,
          'Formação continuada',
          '"Nenhum" está marcado junto com outros cursos: deixe só um dos dois.',
        ),
      );
  }
  for (const { pessoa, turma, funcao } of quadro.alocacoes) {
    if (!FUNCOES_DOCENTES.has(funcao) || turma.etapa === null) continue;
    const escolaridade = pessoa.row?.escolaridade ?? null;
    if (escolaridade === null) continue;
    const licenciatura = escolaridade === SUPERIOR && temLicenciatura(pessoa);
    if (ETAPAS_FINAIS_E_MEDIO.has(turma.etapa) && !licenciatura)
      pendencias.push(
        de(
          '50',
          pessoa,
          'Formação para a turma',
          `Docente da turma ${turma.nome} (anos finais ou ensino médio) sem licenciatura: informe o curso superior com o grau "Licenciatura".`,
        ),
      );
    const magisterio = escolaridade === MEDIO && MAGISTERIO.has(pessoa.row?.tipoEnsinoMedio ?? '');
    if (ETAPAS_INICIAIS.has(turma.etapa) && !licenciatura && !magisterio)
      pendencias.push(
        de(
          '50',
          pessoa,
          'Formação para a turma',
          `Docente da turma ${turma.nome} (educação infantil ou anos iniciais) sem licenciatura nem magistério (ensino médio normal).`,
        ),
      );
  }
  return pendencias;
}
