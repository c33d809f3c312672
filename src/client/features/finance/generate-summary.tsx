/** What generating a month's tuition will do, per class, before the secretary confirms it. */
import {
  formatMesReferencia,
  type GerarMensalidadesPreview,
  type GerarMensalidadesResult,
  type TurmaGeracao,
} from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatCount } from '../../../shared/format';

/** 'fevereiro a dezembro de 2027', 'dezembro de 2026 a janeiro de 2027', 'março de 2027'. */
export function formatMesRange(de: string, ate: string): string {
  if (de === ate) return formatMesReferencia(de);
  const first = formatMesReferencia(de);
  return de.slice(0, 4) === ate.slice(0, 4)
    ? `${first.slice(0, first.lastIndexOf(' de '))} a ${formatMesReferencia(ate)}`
    : `${first} a ${formatMesReferencia(ate)}`;
}
function ClassLine({
  turma,
  ano,
  created,
}: {
  turma: TurmaGeracao;
  ano?: number | undefined;
  created: boolean;
}) {
  const year =
    turma.ano_letivo_de && turma.ano_letivo_ate
      ? `ano letivo ${turma.ano_letivo} (${formatMesRange(turma.ano_letivo_de, turma.ano_letivo_ate)})`
      : `ano letivo ${turma.ano_letivo}`;
  return (
    <li className="py-1.5">
      <span className="font-medium text-gray-900">{turma.turma_nome}</span>{' '}
      <span className="text-gray-600">· {year}</span>
      <span className="block text-gray-800">
        {turma.mensalidades > 0 && turma.primeiro_mes && turma.ultimo_mes
          ? `${formatCount(turma.mensalidades, 'mensalidade', 'mensalidades')} de ${formatCount(turma.alunos, 'aluno', 'alunos')}, ${formatMesRange(turma.primeiro_mes, turma.ultimo_mes)}: ${formatCentavos(turma.valor)}`
          : ano !== undefined && !yearCovers(turma, ano)
            ? `Nada a gerar em ${String(ano)}: o ano letivo desta turma é ${turma.ano_letivo}.`
            : 'Nada a gerar neste período.'}
        {turma.ja_existiam > 0 &&
          ` ${formatCount(turma.ja_existiam, 'mensalidade já existia e não será criada', 'mensalidades já existiam e não serão criadas')} de novo.`}
        {turma.vencidas > 0 && (
          <strong className="block font-medium text-amber-800">
            {created
              ? `${formatCount(turma.vencidas, 'mensalidade nasceu vencida', 'mensalidades nasceram vencidas')}, com multa e juros desde o vencimento.`
              : `${formatCount(turma.vencidas, 'mensalidade já nasce vencida', 'mensalidades já nascem vencidas')}, com multa e juros desde o vencimento: confira os meses antes de gerar.`}
          </strong>
        )}
        {turma.com_plano > 0 &&
          ` ${formatCount(turma.com_plano, 'aluno paga', 'alunos pagam')} pelo plano do contrato assinado na matrícula online e não recebe${turma.com_plano === 1 ? '' : 'm'} a mensalidade da turma.`}
      </span>
    </li>
  );
}
/** The preview (before) or what was created (after): the total, then each class. */
export function GenerationSummary({
  summary,
  created,
  message,
  ano,
}: {
  summary: GerarMensalidadesPreview;
  created: boolean;
  message?: string | undefined;
  /** The year asked for, if any (a class of another year says so). */
  ano?: number | undefined;
}) {
  const total = `${formatCount(summary.mensalidades, 'mensalidade', 'mensalidades')}, total ${formatCentavos(summary.valor_total)}`;
  return (
    <div>
      <p className="font-semibold text-gray-900" data-testid="geracao-total">
        {summary.mensalidades === 0
          ? (message ?? 'Nenhuma mensalidade nova.')
          : created
            ? `${summary.mensalidades === 1 ? 'Foi gerada' : 'Foram geradas'} ${total}.`
            : `${summary.mensalidades === 1 ? 'Será gerada' : 'Serão geradas'} ${total}.`}
      </p>
      {summary.turmas.length > 0 && (
        <ul className="mt-2 divide-y divide-gray-200" aria-label="Por turma">
          {summary.turmas.map((turma) => (
            <ClassLine key={turma.turma_id} turma={turma} ano={ano} created={created} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether the class's school year has any month in `ano`. */
function yearCovers(turma: TurmaGeracao, ano: number): boolean {
  return (
    turma.ano_letivo_de !== null &&
    turma.ano_letivo_ate !== null &&
    turma.ano_letivo_de <= `${ano}-12` &&
    turma.ano_letivo_ate >= `${ano}-01`
  );
}

/** The first month ('YYYY-MM') a generation created tuition for, if any: where the list should open. */
export function firstGeneratedMonth(result: GerarMensalidadesResult): string | null {
  const months = result.turmas.flatMap((turma) =>
    turma.mensalidades > 0 && turma.primeiro_mes ? [turma.primeiro_mes] : [],
  );
  return months.sort()[0] ?? null;
}
