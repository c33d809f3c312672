/** 'Pendências' on the staff's home: what to chase this week, each with the screen that settles it. */
import { Link } from 'react-router';
import {
  BookOpenCheck,
  CheckCircle2,
  ClipboardCheck,
  FileText,
  MessageSquare,
  UserPlus,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import type {
  Pendencias,
  PendenciasAcademicas,
  PendenciasSecretaria,
} from '../../../shared/dashboard.schemas';
import { formatCount, formatDate } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { usePendencias } from './dashboard.api';
import { Panel } from './dashboard-panel';

interface Item {
  key: string;
  icon: LucideIcon;
  /** Nothing to do: the item reads in grey with a check, and links nowhere. */
  done: boolean;
  text: string;
  detail?: string | undefined;
  link: { to: string; label: string };
}

/** The coordenação's questions: the rolls, the attendance, the period's grades. */
function academicItems({ chamadas, notas, ...alerts }: PendenciasAcademicas): Item[] {
  const since = chamadas.dias[0];
  return [
    {
      key: 'chamadas',
      icon: ClipboardCheck,
      done: chamadas.aulas === 0,
      text:
        chamadas.aulas === 0
          ? 'Todas as chamadas dos últimos dias letivos foram feitas'
          : `${formatCount(chamadas.aulas, 'chamada', 'chamadas')} por fazer em ${formatCount(chamadas.turmas, 'turma', 'turmas')}`,
      detail: since
        ? `Desde ${formatDate(since)} (${formatCount(chamadas.dias.length, 'dia letivo', 'dias letivos')})`
        : 'Nenhum dia letivo nos últimos 7 dias',
      link: { to: paths.attendance, label: 'Abrir a chamada' },
    },
    {
      key: 'frequencia',
      icon: UserX,
      done: alerts.abaixo_minimo === 0,
      text:
        alerts.abaixo_minimo === 0
          ? 'Nenhum aluno abaixo da frequência mínima'
          : `${formatCount(alerts.abaixo_minimo, 'aluno', 'alunos')} abaixo da frequência mínima`,
      detail:
        alerts.conselho_tutelar > 0
          ? `${formatCount(alerts.conselho_tutelar, 'aluno', 'alunos')} com faltas acima do limite de aviso ao Conselho Tutelar`
          : undefined,
      link: { to: `${paths.attendance}?aba=alertas`, label: 'Ver os alertas' },
    },
    {
      key: 'notas',
      icon: BookOpenCheck,
      done: notas === null || (notas.sem_avaliacao === 0 && notas.notas_faltando === 0),
      text:
        notas === null
          ? 'Fora de um período letivo'
          : notas.sem_avaliacao === 0 && notas.notas_faltando === 0
            ? `${notas.periodo_nome}: notas em dia`
            : `${notas.periodo_nome}: ${[
                notas.sem_avaliacao > 0 &&
                  `${String(notas.sem_avaliacao)} de ${formatCount(notas.disciplinas, 'disciplina', 'disciplinas')} sem avaliação`,
                notas.notas_faltando > 0 &&
                  `${formatCount(notas.notas_faltando, 'nota', 'notas')} por lançar`,
              ]
                .filter(Boolean)
                .join(' · ')}`,
      link: { to: paths.grades, label: 'Ver o lançamento de notas' },
    },
    ...decisions(alerts),
  ];
}

/** What waits on the coordenação's own decision: shown only when there is something. */
function decisions({
  pareceres_para_revisao: pareceres,
  retificacoes_pendentes: retificacoes,
}: Pick<PendenciasAcademicas, 'pareceres_para_revisao' | 'retificacoes_pendentes'>): Item[] {
  const items: Item[] = [];
  if (pareceres > 0)
    items.push({
      key: 'pareceres',
      icon: FileText,
      done: false,
      text: `${formatCount(pareceres, 'parecer', 'pareceres')} para revisar ou publicar`,
      link: { to: `${paths.pareceres}?ver=pendentes`, label: 'Abrir os pareceres' },
    });
  if (retificacoes > 0)
    items.push({
      key: 'retificacoes',
      icon: BookOpenCheck,
      done: false,
      text: `${formatCount(retificacoes, 'pedido', 'pedidos')} de retificação de nota para decidir`,
      link: { to: paths.grades, label: 'Ver os pedidos em Notas' },
    });
  return items;
}

/** The secretaria's: the families waiting in each year's enrolments, the Portal do Aluno's requests. */
function secretariaItems({ matriculas, pedidos_portal }: PendenciasSecretaria): Item[] {
  const years: Item[] = matriculas.map((year) => {
    const parts = [
      year.pre_matriculas > 0 &&
        formatCount(year.pre_matriculas, 'pré-matrícula para analisar', 'pré-matrículas para analisar'),
      year.contratos_assinados > 0 &&
        formatCount(
          year.contratos_assinados,
          'contrato assinado para matricular',
          'contratos assinados para matricular',
        ),
      year.interessados > 0 &&
        formatCount(
          year.interessados,
          'família interessada sem contato',
          'famílias interessadas sem contato',
        ),
    ].filter((part): part is string => typeof part === 'string');
    // The list opens on the stage the secretaria acts on first.
    const etapa =
      year.pre_matriculas > 0
        ? 'pre_matricula'
        : year.contratos_assinados > 0
          ? 'contrato_assinado'
          : 'interessado';
    return {
      key: `matriculas-${String(year.ano)}`,
      icon: UserPlus,
      done: false,
      text: `Matrículas ${String(year.ano)}: ${parts.join(' · ')}`,
      link: {
        to: `${paths.matriculas}?aba=lista&ano=${String(year.ano)}&etapa=${etapa}`,
        label: 'Abrir as matrículas',
      },
    };
  });
  const waiting: Item[] =
    years.length > 0
      ? years
      : [
          {
            key: 'matriculas',
            icon: UserPlus,
            done: true,
            text: 'Nenhuma família esperando nas matrículas',
            link: { to: paths.matriculas, label: 'Abrir as matrículas' },
          },
        ];
  if (pedidos_portal === 0) return waiting;
  return [
    ...waiting,
    {
      key: 'pedidos-portal',
      icon: UserX,
      done: false,
      text: `${formatCount(pedidos_portal, 'pedido', 'pedidos')} de família sobre o Portal do Aluno`,
      link: { to: `${paths.students}?pedidos=portal`, label: 'Ver os pedidos' },
    },
  ];
}

/** What the profile may act on, in the words its people use; exported for the tests. */
export function pendenciaItems(data: Pendencias): Item[] {
  return [
    ...(data.academico ? academicItems(data.academico) : []),
    ...(data.secretaria ? secretariaItems(data.secretaria) : []),
    {
      key: 'mensagens',
      icon: MessageSquare,
      done: data.mensagens_nao_lidas === 0,
      text:
        data.mensagens_nao_lidas === 0
          ? 'Nenhuma mensagem por ler'
          : formatCount(data.mensagens_nao_lidas, 'mensagem não lida', 'mensagens não lidas'),
      link: { to: paths.mensagens, label: 'Abrir as mensagens' },
    },
  ];
}

export function PendenciasPanel() {
  const pendencias = usePendencias(true);
  return (
    <Panel title="Pendências">
      {/* A failed refresh keeps the last figures on the screen; only a first load that failed says so. */}
      {!pendencias.data && pendencias.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <ErrorBanner>Não foi possível carregar as pendências.</ErrorBanner>
          <Button
            variant="secondary"
            loading={pendencias.isFetching}
            onClick={() => void pendencias.refetch()}
          >
            Tentar de novo
          </Button>
        </div>
      ) : !pendencias.data ? (
        <Spinner label="Carregando pendências..." />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {pendenciaItems(pendencias.data).map(({ key, icon: Icon, done, text, detail, link }) => (
            <li
              key={key}
              className={`flex flex-col gap-1 rounded-lg border p-3 text-sm ${
                done ? 'border-gray-200 text-gray-600' : 'border-amber-200 bg-amber-50 text-gray-900'
              }`}
            >
              <p className="flex items-start gap-2 font-medium">
                {done ? (
                  <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden />
                ) : (
                  <Icon className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
                )}
                {text}
              </p>
              {detail && <p className="pl-6 text-xs text-gray-600">{detail}</p>}
              {!done && (
                <Link
                  to={link.to}
                  className="mt-auto inline-flex min-h-11 items-center pl-6 font-medium text-primary-strong underline-offset-2 hover:underline sm:min-h-0 sm:pt-1"
                >
                  {link.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
