/** The guardian's dashboard: each child's attendance and what it means for the year, and the family's tuition. */
import { Link } from 'react-router';
import { FREQUENCIA_MINIMA } from '../../../shared/attendance.schemas';
import type { DashboardResponsavel, TuitionSummary } from '../../../shared/dashboard.schemas';
import { referenciaCobranca } from '../../../shared/mensalidades.schemas';
import { absencesText } from '../../../shared/report-card.schemas';
import { formatCentavos, formatDate, formatPercent } from '../../../shared/format';
import { formatContagemCobrancas, tiposDeCobranca } from '../../../shared/contagem-cobrancas';
import { paths } from '../../../shared/routes';
import { tutelaryNotice } from '../../../shared/tutelary-notice';
import { Panel } from './dashboard-panel';
import { GuardianStudentAccounts } from './guardian-student-accounts';

type Child = DashboardResponsavel['filhos'][number];

/**
 * What a child's attendance means, beside the figure: the rule is the % of the lessons given so far
 * (one absence on the first day is 0,0 %, and below 75 %), so the note puts it against the year — how
 * many absences the year's lessons allow and how many are left. The minimum is the child's stage's
 * (75 %, 60 % in the pré-escola, or the school's stricter one). Amber while the year can still end
 * at the minimum or more; red when the year's limit is reached or passed. Null: nothing to say.
 */
export function attendanceNote(filho: Child): { tone: 'amber' | 'red'; text: string } | null {
  const { faltas, previstas_ano: previstas, limite_faltas_ano: limite } = filho;
  const unit = filho.por_dia ? 'dias letivos' : 'aulas';
  const expected =
    previstas === null ? '' : `${String(previstas)} ${unit} ${filho.por_dia ? 'previstos' : 'previstas'}`;
  const absences = (count: number) => `${String(count)} ${count === 1 ? 'falta' : 'faltas'}`;
  // The minimum of the child's stage (Configurações → Acadêmico); the creche has none: nothing to say.
  if (filho.frequencia_minima === null) return null;
  const minima = String(filho.frequencia_minima ?? FREQUENCIA_MINIMA).replace('.', ',');
  if (filho.abaixo_minimo) {
    if (limite === null || previstas === null)
      return { tone: 'amber', text: `Abaixo de ${minima} % das ${unit} dadas até agora.` };
    if (faltas < limite)
      return {
        tone: 'amber',
        text: `Abaixo de ${minima} % até agora. No ano (${expected}), até ${absences(limite)} mantêm os ${minima} %: ainda ${limite - faltas === 1 ? 'cabe 1' : `cabem ${String(limite - faltas)}`}.`,
      };
    if (faltas === limite)
      return {
        tone: 'red',
        text: `Abaixo de ${minima} % até agora, e o limite do ano (${absences(limite)} em ${expected}) já foi atingido: nenhuma falta a mais.`,
      };
    return {
      tone: 'red',
      text: `Abaixo de ${minima} %: ${absences(faltas)} passam do limite do ano (${String(limite)} em ${expected}). Fale com a escola.`,
    };
  }
  // Above the line but close to the year's limit (a fifth of it or less left): said before it is too late.
  if (limite === null || previstas === null || faltas === 0) return null;
  const left = limite - faltas;
  if (left > Math.max(1, Math.floor(limite / 5))) return null;
  return {
    tone: left <= 0 ? 'red' : 'amber',
    text:
      left <= 0
        ? `Chegou ao limite de faltas do ano (${String(limite)} em ${expected}): nenhuma falta a mais.`
        : `${left === 1 ? 'Resta 1 falta' : `Restam ${String(left)} faltas`} até o limite do ano (${String(limite)} em ${expected}).`,
  };
}

/** A link of the home, its whole line a tap target on a phone (44 px high). */
const homeLink = 'inline-flex min-h-11 items-center font-medium text-primary-strong underline';

/**
 * The family's figures under the feed: each child's attendance, the children's portal accounts and the
 * tuition — all of them, or only the child chosen in the home's switcher (`chosen`), as the feed.
 */
export function GuardianHome({
  stats,
  chosen = null,
}: {
  stats: DashboardResponsavel;
  chosen?: string | null;
}) {
  const child = chosen === null ? undefined : stats.filhos.find((filho) => filho.id === chosen);
  const filhos = child ? [child] : stats.filhos;
  return (
    <div className="space-y-6">
      <Panel title="Meus filhos">
        {filhos.length === 0 ? (
          <p className="text-sm text-gray-500">Nenhum aluno vinculado à sua conta. Procure a secretaria.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {filhos.map((filho) => (
              <li key={filho.id} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
                <span>
                  {/* The child's own page (class, teachers, contacts) was reachable only through the Boletim.
                      As tall as 'Boletim e faltas' below it: a line of text (20 px) was too small to tap. */}
                  <Link
                    to={`${paths.familyChild}?aluno=${filho.id}`}
                    className="flex min-h-11 items-center font-medium text-gray-900 underline decoration-gray-300 underline-offset-2 hover:text-primary-strong"
                  >
                    {filho.nome}
                  </Link>
                  <span className="block text-gray-600">{filho.turma_nome ?? 'Sem turma'}</span>
                  {/* The Boletim holds the grades and each subject's absences (or the pareceres). */}
                  <Link
                    to={`${paths.familyBoletim}?aluno=${filho.id}`}
                    className={homeLink}
                    aria-label={`Boletim e faltas de ${filho.nome}`}
                  >
                    Boletim e faltas
                  </Link>
                </span>
                <ChildAttendance filho={filho} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <GuardianStudentAccounts alunoId={child?.id ?? null} />
      <GuardianTuition
        tuition={child ? child.mensalidades : stats}
        of={child ? (child.nome.split(' ')[0] ?? child.nome) : null}
      />
    </div>
  );
}

/**
 * The tuition at a glance: what is overdue ('vencida', with what it costs today), then the next one due
 * — never an overdue one called 'próxima', and said to go by the automatic debit when the bank has it
 * scheduled — and 'em aberto' counting only what is owed now (overdue or due this month), not the months
 * generated ahead. Months of tuition and enrolment fees are counted each as itself (ADR 0103), as the
 * family's Financeiro page counts them.
 */
function GuardianTuition({ tuition, of }: { tuition: TuitionSummary; of: string | null }) {
  const next = tuition.proxima_mensalidade;
  const vencidas = {
    mensalidades: tuition.mensalidades_vencidas,
    taxas_matricula: tuition.taxas_matricula_vencidas,
  };
  const emAberto = {
    mensalidades: tuition.mensalidades_em_aberto,
    taxas_matricula: tuition.taxas_matricula_em_aberto,
  };
  const anyVencida = vencidas.mensalidades + vencidas.taxas_matricula > 0;
  const anyEmAberto = emAberto.mensalidades + emAberto.taxas_matricula > 0;
  const nothingYet = !anyEmAberto && !next;
  // The next one going by the automatic debit is not one to pay by Pix: only what is overdue, or open
  // beside a next one the bank will not debit, is.
  const toPayByPix = anyVencida || (anyEmAberto && !next?.debito_automatico_em);
  // Named for what it shows (ADR 0094): 'Mensalidades', 'Taxa de matrícula' or both.
  const shown = {
    mensalidades: Math.max(emAberto.mensalidades, next?.tipo === 'mensalidade' ? 1 : 0),
    taxas_matricula: Math.max(emAberto.taxas_matricula, next?.tipo === 'taxa_matricula' ? 1 : 0),
  };
  const tipos = tiposDeCobranca(shown);
  const title = `${tipos.charAt(0).toUpperCase()}${tipos.slice(1)}${of ? ` de ${of}` : ''}`;
  const link = verCobrancas(shown, toPayByPix);
  return (
    <Panel title={title}>
      <div className="space-y-2 text-sm" data-testid="familia-mensalidades-card">
        {anyVencida && (
          <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-900">
            <strong>{formatContagemCobrancas(vencidas, { singular: 'vencida', plural: 'vencidas' })}</strong>{' '}
            · {formatCentavos(tuition.valor_vencido)} hoje, com multa e juros.
          </p>
        )}
        {next && (
          <p className="text-gray-900">
            <span className="text-gray-600">Próxima:</span> {next.aluno_nome} · {referenciaCobranca(next)} ·
            vence em {formatDate(next.data_vencimento)} ·{' '}
            <strong>{formatCentavos(next.valor_atualizado)}</strong>
          </p>
        )}
        {next?.debito_automatico_em && (
          <p className="font-medium text-green-800" data-testid="proxima-debito-automatico">
            Será debitada automaticamente (Pix Automático) em {formatDate(next.debito_automatico_em)}: não é
            preciso pagar pelo Pix.
          </p>
        )}
        <p className="text-gray-600">
          {nothingYet
            ? 'Nenhuma mensalidade a pagar.'
            : !anyEmAberto
              ? 'Nada em aberto agora.'
              : `Em aberto agora: ${formatContagemCobrancas(emAberto)}.`}
        </p>
        {!nothingYet && (
          <Link to={paths.finance} className={homeLink}>
            {link}
          </Link>
        )}
      </div>
    </Panel>
  );
}

/**
 * The card's link, naming what the page holds: 'Ver mensalidades e pagar com Pix', 'Ver a taxa de
 * matrícula e pagar com Pix', 'Ver mensalidades e taxa de matrícula, pagar com Pix'.
 */
function verCobrancas(shown: { mensalidades: number; taxas_matricula: number }, toPayByPix: boolean) {
  const fees = shown.taxas_matricula;
  if (fees === 0) return toPayByPix ? 'Ver mensalidades e pagar com Pix' : 'Ver mensalidades';
  if (shown.mensalidades > 0)
    return `Ver mensalidades e ${fees === 1 ? 'taxa' : 'taxas'} de matrícula${toPayByPix ? ', pagar com Pix' : ''}`;
  const alvo = fees === 1 ? 'a taxa de matrícula' : 'as taxas de matrícula';
  return toPayByPix ? `Ver ${alvo} e pagar com Pix` : `Ver ${alvo}`;
}

/** A child's frequency, how many absences in how many lessons (or days), and what it means for the year. */
function ChildAttendance({ filho }: { filho: Child }) {
  const note = attendanceNote(filho);
  // The Conselho Tutelar line (ADR 0120) comes long before the 75 %: said on its own line.
  const tutelary = tutelaryNotice(filho);
  const tone =
    note?.tone === 'red' ? 'text-red-700' : note?.tone === 'amber' ? 'text-amber-800' : 'text-gray-700';
  return (
    <span className={`w-full sm:w-auto sm:max-w-sm sm:text-right ${tone}`}>
      <span className={`block ${note ? 'font-semibold' : ''}`}>
        Frequência {formatPercent(filho.frequencia)}
      </span>
      <span className="block text-xs text-gray-600">
        {filho.aulas_dadas === 0 ? 'Nenhuma chamada ainda' : absencesText(filho)}
      </span>
      {note && <span className="mt-0.5 block text-xs">{note.text}</span>}
      {tutelary && (
        <span
          className={`mt-0.5 block text-xs ${tutelary.tone === 'red' ? 'text-red-700' : 'text-amber-800'}`}
          data-testid="aviso-conselho"
        >
          {tutelary.text}
        </span>
      )}
    </span>
  );
}
