/**
 * Above a search that found more than the server counts (issue 38: `totalCapped`): the count stopped at
 * `total`, the pages still go on; a fuller name or the matrícula finds the student faster.
 */
export function CappedSearchNotice({ total }: { total: number }) {
  return (
    <p className="text-sm text-gray-700" role="status">
      <strong>Mais de {total.toLocaleString('pt-BR')} resultados.</strong> Digite o nome completo ou a
      matrícula para encontrar o aluno mais rápido.
    </p>
  );
}
