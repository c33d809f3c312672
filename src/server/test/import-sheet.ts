/**
 * A students spreadsheet's header row with the columns an import requires and nothing else, named as the
 * template names them: what the import's route tests and the browser journeys upload.
 */
export const STUDENT_SHEET_HEADERS = [
  'Nome do aluno',
  'Data de nascimento',
  'Nome do responsável',
  'Parentesco',
  'CPF do responsável',
  'Telefone do responsável',
];
