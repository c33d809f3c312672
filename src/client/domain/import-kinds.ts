import type { ImportKind } from '../../shared/importacao.kinds';

/** What the Importar screen says for each import (Alunos, Professores, Turmas). */
export interface ImportTexts {
  title: string;
  intro: string;
  singular: string;
  plural: string;
  /** 'será criado' / 'será criada': the noun's gender. */
  feminine: boolean;
  /** The rows' table: the name's and the key's column. */
  nameHeader: string;
  keyHeader: string;
}

export const importTexts: Record<ImportKind, ImportTexts> = {
  alunos: {
    title: 'Importar alunos',
    intro:
      'Use o modelo: uma linha por aluno com o responsável principal (e, se houver, um segundo responsável). Matrícula em branco é gerada pelo padrão da escola; a mesma planilha enviada de novo não duplica ninguém (o aluno é reconhecido pela matrícula, pelo CPF ou pelo nome, nascimento e CPF do responsável).',
    singular: 'aluno',
    plural: 'alunos',
    feminine: false,
    nameHeader: 'Aluno',
    keyHeader: 'Matrícula',
  },
  professores: {
    title: 'Importar professores',
    intro:
      'Use o modelo: uma linha por professor. O professor é reconhecido pelo CPF ou, sem CPF, pelo e-mail: a mesma planilha enviada de novo não duplica ninguém. As disciplinas precisam estar no catálogo da escola (Configurações → Acadêmico).',
    singular: 'professor',
    plural: 'professores',
    feminine: false,
    nameHeader: 'Professor',
    keyHeader: 'E-mail',
  },
  turmas: {
    title: 'Importar turmas',
    intro:
      'Use o modelo: uma linha por turma, com nível (Educação Infantil, Fundamental I, Fundamental II ou Ensino Médio), série e turno. A turma é reconhecida pelo nome e ano letivo; o professor responsável, pelo CPF ou e-mail de um professor já cadastrado.',
    singular: 'turma',
    plural: 'turmas',
    feminine: true,
    nameHeader: 'Turma',
    keyHeader: 'Ano letivo',
  },
};
