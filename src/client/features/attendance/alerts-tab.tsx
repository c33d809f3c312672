import { useState } from 'react';
import { AlertTriangle, FileDown, ShieldAlert } from 'lucide-react';
import toast from 'react-hot-toast';
import {
  FREQUENCIA_MINIMA,
  LIMITE_CONSELHO_TUTELAR,
  type AttendanceAlert,
} from '../../../shared/attendance.schemas';
import { formatDate, formatDateTime, formatPercent } from '../../../shared/format';
import { Link } from 'react-router';
import { compareClasses } from '../../../shared/classes.schemas';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import { DataList } from '../../components/data-list';
import type { Column } from '../../components/data-table';
import { ApiError } from '../../lib/api-client';
import { useMemoryListState } from '../../lib/use-list-state';
import {
  downloadTutelaryLetter,
  useAttendanceAlerts,
  useIssueTutelaryNotification,
  useRollClasses,
} from './attendance.api';
import { useSharedClass } from './shared-class';

const baseColumns: Column<AttendanceAlert>[] = [
  {
    id: 'nome',
    header: 'Aluno',
    card: 'title',
    sortValue: (row) => row.aluno.nome,
    // The name opens the student's record (the guardians to call, the class, the history).
    cell: (row) => (
      <>
        <Link
          to={`${paths.students}?aluno=${row.aluno.id}`}
          className="font-medium text-gray-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {row.aluno.nome}
        </Link>
        <p className="text-gray-600">Matrícula {row.aluno.matricula}</p>
      </>
    ),
  },
  {
    id: 'turma',
    header: 'Turma',
    sortValue: (row) => row.turma?.nome ?? '',
    cell: (row) => row.turma?.nome ?? '—',
  },
  {
    id: 'frequencia',
    header: 'Frequência',
    card: 'badge',
    sortValue: (row) => row.frequencia,
    cell: (row) => <span className="font-semibold text-red-700">{formatPercent(row.frequencia)}</span>,
  },
  {
    id: 'faltas',
    header: 'Faltas / aulas dadas',
    sortValue: (row) => row.faltas,
    cell: (row) => `${String(row.faltas)} de ${String(row.aulas_dadas)}`,
  },
];

/** The minimum of the student's stage (Configurações → Acadêmico → Regras por etapa). */
const minimumColumn: Column<AttendanceAlert> = {
  id: 'minimo',
  header: 'Mínimo da etapa',
  sortValue: (row) => row.frequencia_minima ?? 0,
  cell: (row) =>
    row.frequencia_minima === null ? '—' : `${String(row.frequencia_minima).replace('.', ',')} %`,
};

/** The Conselho Tutelar line as a count: the most absences the year's planned lessons allow (ADR 0117). */
const yearLineColumn: Column<AttendanceAlert> = {
  id: 'limite',
  header: 'Limite do ano',
  sortValue: (row) => row.limite_faltas_conselho ?? 0,
  cell: (row) =>
    row.limite_faltas_conselho === null
      ? '—'
      : `${String(row.limite_faltas_conselho)} faltas em ${String(row.aulas_previstas_ano)} previstas`,
};

const noticeColumn: Column<AttendanceAlert> = {
  id: 'notificacao',
  header: 'Notificação',
  sortValue: (row) => row.ultima_notificacao?.emitida_em ?? '',
  cell: (row) =>
    row.ultima_notificacao ? (
      <span className="text-gray-800">Emitida em {formatDate(row.ultima_notificacao.emitida_em)}</span>
    ) : (
      <span className="font-medium text-amber-700">Não emitida</span>
    ),
};

/** Administrators: the list below the stage's minimum and the Conselho Tutelar list (Lei 13.803/2019) with the letter. */
export function AlertsTab() {
  // The class shared with the other tabs ('' here: the whole school).
  const [turmaId, setTurmaId] = useSharedClass();
  const classes = useRollClasses();
  const ordered = classes.data ? [...classes.data].sort(compareClasses) : [];
  const turma = ordered.find((item) => item.id === turmaId);
  const alerts = useAttendanceAlerts(undefined, turma?.id);
  // Without a class filter, the law's general figures (each student is held to their own stage's).
  const percent = (value: number) => `${String(value).replace('.', ',')} %`;
  const minimum = alerts.data?.frequencia_minima;
  // One figure in the heading while every student listed has it; else each row says its stage's.
  const mixed = alerts.data?.abaixo_minimo.some((row) => row.frequencia_minima !== minimum) ?? false;
  const below =
    minimum === null || mixed
      ? 'abaixo do mínimo da etapa'
      : `abaixo de ${percent(minimum ?? FREQUENCIA_MINIMA)}`;
  const line = percent(alerts.data?.limite_conselho ?? LIMITE_CONSELHO_TUTELAR);
  const belowList = useMemoryListState();
  const councilList = useMemoryListState();
  const issue = useIssueTutelaryNotification();
  const [busy, setBusy] = useState<string | null>(null);

  async function issueLetter(row: AttendanceAlert) {
    setBusy(row.aluno.id);
    try {
      const result = await issue.mutateAsync(row.aluno.id);
      toast.success(
        result.message ??
          `Notificação emitida em ${formatDateTime(result.data.emitida_em)}; o PDF foi baixado.`,
      );
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.message ? error.message : 'Erro ao emitir a notificação',
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-8">
      <div className="max-w-xs">
        <SelectField
          label="Turma"
          value={turma?.id ?? ''}
          onChange={(event) => setTurmaId(event.target.value)}
        >
          <option value="">Todas as turmas</option>
          {ordered.map((item) => (
            <option key={item.id} value={item.id}>
              {item.nome}
            </option>
          ))}
        </SelectField>
      </div>
      <section aria-labelledby="abaixo-minimo">
        <h2 id="abaixo-minimo" className="mb-1 flex items-center gap-2 text-lg font-semibold text-gray-900">
          <AlertTriangle className="h-5 w-5 text-amber-600" aria-hidden="true" />
          Alunos com frequência {below}
        </h2>
        <p className="mb-3 text-sm text-gray-600">
          Cada aluno é comparado ao mínimo da etapa da sua turma (Configurações → Acadêmico → Regras por
          etapa; a lei: 75 %, 60 % na pré-escola, nenhum na creche). Faltas abonadas não contam; justificadas
          contam.
        </p>
        <DataList
          label={`Alunos com frequência ${below}`}
          query={alerts}
          rows={alerts.data?.abaixo_minimo}
          list={belowList}
          columns={[...baseColumns, minimumColumn]}
          rowKey={(row) => row.aluno.id}
          errorMessage="Erro ao carregar os alertas de frequência"
          empty={{ icon: AlertTriangle, title: `Nenhum aluno ${below}` }}
        />
      </section>
      <section aria-labelledby="conselho-tutelar">
        <h2
          id="conselho-tutelar"
          className="mb-1 flex items-center gap-2 text-lg font-semibold text-gray-900"
        >
          <ShieldAlert className="h-5 w-5 text-red-600" aria-hidden="true" />
          Notificação ao Conselho Tutelar
        </h2>
        <p className="mb-3 text-sm text-gray-600">
          Alunos com mais faltas que {line} das aulas previstas para o ano letivo — uma quantidade do ano, não
          das aulas dadas até agora (30 % do limite legal, Lei 13.803/2019; 12 % na pré-escola; cada etapa
          pode ter o seu em Configurações → Acadêmico). Emita a carta, imprima e envie ao Conselho Tutelar; a
          data fica registrada.
        </p>
        <DataList
          label="Alunos para notificar ao Conselho Tutelar"
          query={alerts}
          rows={alerts.data?.conselho_tutelar}
          list={councilList}
          columns={[...baseColumns, yearLineColumn, noticeColumn]}
          rowKey={(row) => row.aluno.id}
          errorMessage="Erro ao carregar os alertas de frequência"
          empty={{ icon: ShieldAlert, title: 'Nenhum aluno passou da linha do Conselho Tutelar' }}
          actions={(row) => (
            <>
              <Button
                variant={row.ultima_notificacao ? 'secondary' : 'primary'}
                className="whitespace-nowrap"
                loading={busy === row.aluno.id}
                onClick={() => void issueLetter(row)}
              >
                <FileDown className="h-4 w-4" aria-hidden="true" />
                {row.ultima_notificacao ? 'Emitir nova carta' : 'Emitir carta (PDF)'}
              </Button>
              {row.ultima_notificacao && (
                <Button
                  variant="ghost"
                  onClick={() => {
                    const id = row.ultima_notificacao?.id;
                    if (id)
                      void downloadTutelaryLetter(id).catch(() => toast.error('Erro ao baixar a carta'));
                  }}
                >
                  Baixar a de {formatDate(row.ultima_notificacao.emitida_em)}
                </Button>
              )}
            </>
          )}
        />
      </section>
    </div>
  );
}
