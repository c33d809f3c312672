/** The boletim's small pieces: the situation badge and the card that says why a boletim has nothing to show. */
import { NotebookPen, School } from 'lucide-react';
import { situacaoLabels, type Situacao } from '../../shared/averages';
import type { ReportCard, ReportCardPeriod, ReportCardSubject } from '../../shared/report-card.schemas';
import { paths } from '../../shared/routes';
import { NoSchoolYear } from './academic-empty';
import { ButtonLink } from '../components/button';
import { Badge, EmptyState, type BadgeTone } from '../components/feedback';
import { MissingCurriculum } from './missing-curriculum';
import { firstName } from './child-switcher';
import { ChildPareceres } from './parecer-parts';

const situacaoTones: Record<Situacao, BadgeTone> = {
  cursando: 'gray',
  aprovado: 'green',
  em_recuperacao: 'yellow',
  reprovado_nota: 'red',
  reprovado_falta: 'red',
  abaixo_frequencia: 'yellow',
  concluiu_ano: 'blue',
};
/**
 * Below a period's grade when it had a recuperação: the recuperação's grade and, when it changed the
 * grade, the grade before it (the grade above is the one that counts; alone, 'rec. 8,8' under an 8,8
 * read as a repeated number).
 */
export function RecoveryNote({ period }: { period: ReportCardPeriod | undefined }) {
  if (!period?.recuperacao_texto) return null;
  return (
    <>
      <span className="block text-xs font-normal text-gray-600">
        <abbr title="recuperação" className="no-underline">
          rec.
        </abbr>{' '}
        {period.recuperacao_texto}
      </span>
      {/* A recuperação below the grade it had left it where it was: 'antes' would repeat the grade. */}
      {period.antes_recuperacao_texto && period.antes_recuperacao_texto !== period.media_texto && (
        <span className="block text-xs font-normal text-gray-600">
          antes {period.antes_recuperacao_texto}
        </span>
      )}
    </>
  );
}

/**
 * Below the annual average when the student took the recuperação final (ADR 0097): its grade and the
 * final average it gave, which is what decided the subject.
 */
export function FinalRecoveryNote({ subject }: { subject: ReportCardSubject }) {
  if (subject.recuperacao_final_texto === null) return null;
  return (
    <>
      <span className="block text-xs font-normal text-gray-600">
        Rec. final {subject.recuperacao_final_texto}
      </span>
      <span className="block text-xs font-normal text-gray-600">
        Média final {subject.media_final_texto ?? '—'}
      </span>
    </>
  );
}

export function SituacaoBadge({
  situacao,
  conselho,
  wrap = false,
  trocadoEm,
  turmaDeixadaEm,
}: {
  situacao: Situacao;
  conselho: boolean;
  wrap?: boolean;
  /** A subject of an itinerário the student left: no result of its own, it says so. */
  trocadoEm?: string | undefined;
  /** A subject of a class the student left during the year (ADR 0136): no result of its own either. */
  turmaDeixadaEm?: string | undefined;
}) {
  if (trocadoEm || turmaDeixadaEm)
    return (
      <Badge tone="gray" wrap={wrap}>
        {trocadoEm ? 'Itinerário anterior' : 'Turma anterior'}
      </Badge>
    );
  return (
    <Badge tone={situacaoTones[situacao]} wrap={wrap}>
      {situacaoLabels[situacao]}
      {conselho ? ' (Conselho de Classe)' : ''}
    </Badge>
  );
}
/**
 * A boletim with nothing to show says why and what comes next: no school year of that year, no class
 * of the student in it, or a class without a grade curricular.
 */
export function EmptyCard({
  card,
  admin,
  guardian,
}: {
  card: ReportCard;
  admin: boolean;
  guardian: boolean;
}) {
  if (card.ano_letivo_id === null || card.periodos.length === 0)
    return guardian ? (
      <p className="text-sm text-gray-600">A escola ainda não abriu o ano letivo {card.ano}.</p>
    ) : (
      <NoSchoolYear admin={admin} ano={card.ano} />
    );
  if (card.turma === null)
    return (
      <EmptyState
        icon={School}
        title={`${card.aluno.nome} não esteve em nenhuma turma em ${String(card.ano)}`}
        hint={
          admin
            ? 'O boletim é o da turma do aluno no ano: enturme-o em Turmas → Ver Alunos.'
            : 'O boletim aparece quando a secretaria enturmar o aluno.'
        }
        action={
          admin ? (
            <ButtonLink variant="secondary" to={paths.classes}>
              <School className="h-4 w-4" aria-hidden="true" /> Ir para Turmas
            </ButtonLink>
          ) : undefined
        }
      />
    );
  if (guardian)
    return card.ano_encerrado ? (
      <p className="text-sm text-gray-600">
        {card.turma.nome} não teve disciplinas cadastradas em {card.ano}: não há notas desse ano no boletim.
      </p>
    ) : (
      <p className="text-sm text-gray-600">
        A escola ainda não cadastrou as disciplinas de {card.turma.nome}: o boletim aparece aqui quando
        houver.
      </p>
    );
  return <MissingCurriculum turma={card.turma} pendencia="sem_disciplinas" para="boletim" />;
}

/**
 * A year the student spent in Educação Infantil (a child now in the 1º ano looking at 2025's 'Pré II A'):
 * that stage has no grades, no boletim and no retention (LDB art. 31) — it says so plainly, with the
 * year's pareceres descritivos right below (and a link to them), instead of an empty boletim promising
 * grades 'ainda' next to 'Concluiu o ano'.
 */
export function InfantilYear({ card }: { card: ReportCard }) {
  const nome = firstName(card.aluno.nome);
  const turma = card.turma?.nome ?? 'uma turma';
  const anchor = `pareceres-${card.aluno.id}`;
  return (
    <div className="space-y-4">
      <div
        role="note"
        className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950"
      >
        <NotebookPen className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <div className="space-y-1">
          <p>
            {card.ano_encerrado
              ? `Em ${String(card.ano)}, ${nome} esteve na Educação Infantil (${turma}) e concluiu o ano.`
              : `Em ${String(card.ano)}, ${nome} está na Educação Infantil (${turma}).`}{' '}
            Nessa etapa não há notas nem boletim: o desenvolvimento da criança é acompanhado pelos pareceres
            descritivos de cada período.
          </p>
          <p>
            <a href={`#${anchor}`} className="font-medium text-primary-strong underline">
              Ver os pareceres descritivos de {card.ano}
            </a>
          </p>
        </div>
      </div>
      <ChildPareceres alunoId={card.aluno.id} ano={card.ano} closed={card.ano_encerrado} />
    </div>
  );
}
