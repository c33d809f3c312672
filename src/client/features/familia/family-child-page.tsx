/**
 * The child's page for a family (issue 32 §1): who the child is at school — class, turno, teachers and
 * subjects — and the ways into the child's boletim, frequência, tarefas and documents; then the family's own
 * contact data, which the school uses to reach them. No staff field shows empty: the student record's
 * e-mail, phone and address are the school's business, not this page's.
 */
import { Link } from 'react-router';
import { BookOpenCheck, ClipboardCheck, FolderOpen, NotebookText } from 'lucide-react';
import { studentStatusLabels, type StudentListItem } from '../../../shared/students.schemas';
import { formatCount, formatPhone } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import { Badge } from '../../components/feedback';
import { OneChildAtATime, firstName, siblingNames } from '../../domain/child-switcher';
import { useOwnGuardian } from '../../domain/family.api';
import { ChildClassCard } from './child-class-card';

const card = 'rounded-xl border border-gray-200 bg-white p-4';

function ChildHeader({ child, siblings }: { child: StudentListItem; siblings: StudentListItem[] }) {
  return (
    <section aria-labelledby="filho-nome" className={`${card} flex items-center gap-4`}>
      <span
        aria-hidden="true"
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-primary/10 text-2xl font-bold text-primary-strong"
      >
        {siblingNames(child, siblings).iniciais}
      </span>
      <div className="min-w-0">
        <h1 id="filho-nome" className="text-xl font-bold text-gray-900">
          {child.nome}
        </h1>
        <p className="text-sm text-gray-700">
          {formatCount(child.idade, 'ano', 'anos')} · matrícula {child.matricula}
        </p>
        {child.status !== 'ativo' && <Badge tone="gray">{studentStatusLabels[child.status]}</Badge>}
      </div>
    </section>
  );
}

function Shortcuts({ child }: { child: StudentListItem }) {
  const name = firstName(child.nome);
  const links = [
    { label: 'Boletim', to: paths.familyBoletim, icon: BookOpenCheck },
    { label: 'Frequência', to: paths.familyAttendance, icon: ClipboardCheck },
    { label: 'Tarefas', to: paths.familyTarefas, icon: NotebookText },
    { label: 'Documentos', to: paths.familyDocuments, icon: FolderOpen },
  ];
  return (
    <nav aria-label={`Mais sobre ${name}`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {links.map(({ label, to, icon: Icon }) => (
        <Link
          key={to}
          to={`${to}?aluno=${child.id}`}
          className="flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl border border-gray-200 bg-white p-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary"
        >
          <Icon className="h-5 w-5 text-primary-strong" aria-hidden="true" />
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** The family's own contact data: only what is filled, and where to change it. */
function FamilyContact() {
  const own = useOwnGuardian(true);
  if (!own.data) return null;
  const { telefone, email, endereco } = own.data;
  const lines = [
    telefone && { label: 'Telefone', value: formatPhone(telefone) },
    email && { label: 'E-mail', value: email },
    endereco && { label: 'Endereço', value: endereco },
  ].filter((line): line is { label: string; value: string } => Boolean(line));
  return (
    <section aria-labelledby="contato-familia" className={card}>
      <h2 id="contato-familia" className="font-semibold text-gray-900">
        Seus dados de contato
      </h2>
      <p className="text-sm text-gray-600">A escola usa estes dados para falar com você.</p>
      {lines.length > 0 && (
        <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
          {lines.map((line) => (
            <div key={line.label}>
              <dt className="text-gray-600">{line.label}</dt>
              <dd className="text-gray-900">{line.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Link to={paths.myData} className="mt-3 inline-block font-medium text-primary-strong underline">
        Atualizar em Meus dados
      </Link>
    </section>
  );
}

export function FamilyChildPage() {
  return (
    <OneChildAtATime
      render={(child, siblings) => (
        <div className="space-y-4">
          <ChildHeader child={child} siblings={siblings} />
          <Shortcuts child={child} />
          {child.turma_id ? (
            <ChildClassCard key={child.turma_id} turmaId={child.turma_id} />
          ) : (
            <p className={`${card} text-sm text-gray-700`}>
              {firstName(child.nome)} está sem turma neste momento. Dúvidas, fale com a secretaria.
            </p>
          )}
          <FamilyContact />
        </div>
      )}
    />
  );
}
