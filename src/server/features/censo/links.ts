/**
 * Where each pendência sends the person who fixes it (issue 37): one definition for every source, each
 * a portal screen a census manager (Direção or Secretaria) reaches.
 */
import { paths } from '../../../shared/routes.js';

/** The school's census data: the census panel's 'Dados da escola' tab (also in Configurações → Censo). */
export const LINK_CENSO_ESCOLA = `${paths.censo}?aba=escola`;
/** A student's census section in their card. */
export const linkCensoAluno = (alunoId: string) => `${paths.students}?aluno=${alunoId}&secao=censo`;
/** A class's census dialog. */
export const linkCensoTurma = (turmaId: string) => `${paths.classes}?censo=${turmaId}`;
/** A professional's census dialog (a teacher's id or a census row's id). */
export const linkCensoProfissional = (id: string) => `${paths.teachers}?censo=${id}`;
/** A new professional outside the teaching staff (the gestor). */
export const LINK_NOVO_PROFISSIONAL = `${paths.teachers}?censo=novo`;
/** The subjects' INEP componentes: Configurações → Acadêmico → Disciplinas. */
export const LINK_DISCIPLINAS = `${paths.settings}?aba=academico`;
