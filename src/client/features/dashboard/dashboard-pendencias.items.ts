/** The items of 'Pendências' on the staff's home (dashboard-pendencias.tsx), each with its screen. */
import {
  BookOpenCheck,
  CalendarDays,
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

export interface Item {
  key: string;
  icon: LucideIcon;
  /** Nothing to do: the item reads in grey with a check, and links nowhere. */
  done: boolean;
  text: string;
  detail?: string | undefined;
  link: { to: string; label: string };
}

/** A new school before its first school year: one thing to do, not a list of green checks. */
const noSchoolYear: Item = {
  key: 'ano-letivo',
  icon: CalendarDays,
  done: false,
  text: 'Nenhum ano letivo cadastrado',
  detail: 'Chamadas, frequência e notas aparecem aqui depois que o ano letivo for cadastrado.',
  link: { to: paths.calendar, label: 'Cadastrar o ano letivo' },
};

/** The coordenação's questions: the rolls, the attendance, the period's grades. */
function academicItems({
  ano_letivo_cadastrado: hasYear,
  chamadas,
  notas,
  pareceres_faltando: pareceres,
  ...alerts
}: PendenciasAcademicas): Item[] {
  if (!hasYear) return [noSchoolYear];
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
    ...(pareceres ? [infantilItem(pareceres)] : []),
    ...decisions(alerts),
  ];
}

/**
 * The Educação Infantil's part of the period (no grades there, a parecer per child): the children still
 * without one, each class named, linking to the first class's pareceres of the period.
 */
function infantilItem(pareceres: NonNullable<PendenciasAcademicas['pareceres_faltando']>): Item {
  const [first] = pareceres.turmas;
  return {
    key: 'pareceres-faltando',
    icon: FileText,
    done: !first,
    text: !first
      ? `${pareceres.periodo_nome}: pareceres da Educação Infantil em dia`
      : `${pareceres.periodo_nome}: ${formatCount(pareceres.criancas, 'criança', 'crianças')} da Educação Infantil sem parecer`,
    detail: first
      ? pareceres.turmas
          .map((turma) => `${turma.turma_nome} (${String(turma.sem_parecer)} de ${String(turma.criancas)})`)
          .join(', ')
      : undefined,
    link: {
      to: first
        ? `${paths.pareceres}?turma=${first.turma_id}&periodo=${pareceres.periodo_id}`
        : paths.pareceres,
      label: 'Escrever os pareceres',
    },
  };
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

/** What the profile may act on, in the words its people use. */
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
