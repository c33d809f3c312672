import { BookOpen, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { classNiveis } from '../../../shared/classes.schemas';
import { areas, hasChosenStages, type Disciplina } from '../../../shared/disciplinas.schemas';
import { formatCount, formatList } from '../../../shared/format';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Badge, EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { useDisciplinas, useSaveDisciplina } from '../../domain/disciplinas.api';
import { SubjectFormModal } from './subject-form-modal';
import { can, permissionsOf } from '../../../shared/permissions';
import { componentesInep, rotuloDe } from '../../../shared/censo.codigos';
import type { CensoDisciplina } from '../../../shared/censo-turmas.schemas';
import { useCurrentUser } from '../../lib/current-user';
import { useCensoDisciplinas } from './censo-disciplinas.api';

/**
 * Configurações → Acadêmico → Disciplinas: the school's subject catalogue by área. Add, rename, change
 * área and BNCC component, deactivate (with confirmation) and reactivate; never delete (ADR 0023).
 */
export function SubjectsSection() {
  const subjects = useDisciplinas(true);
  const { data: me } = useCurrentUser();
  const canCenso = can(permissionsOf(me), 'censo.manage');
  const censo = useCensoDisciplinas(canCenso);
  const censoOf = (id: string) => censo.data?.find((item) => item.id === id);
  const [editing, setEditing] = useState<Disciplina | 'new' | null>(null);
  const [toggling, setToggling] = useState<Disciplina | null>(null);
  const save = useSaveDisciplina();
  const active = subjects.data?.filter((item) => item.ativo).length ?? 0;
  return (
    <section aria-labelledby="disciplinas-titulo" className="space-y-4 border-t border-gray-200 pt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="disciplinas-titulo" className="text-lg font-semibold text-gray-900">
            Disciplinas
          </h2>
          <p className="text-sm text-gray-600">
            O catálogo da escola: as grades curriculares das turmas e os professores escolhem daqui.
            {subjects.data && ` ${formatCount(active, 'disciplina ativa', 'disciplinas ativas')}.`}
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Nova disciplina
        </Button>
      </div>
      {subjects.isPending ? (
        <Spinner label="Carregando as disciplinas..." />
      ) : subjects.isError ? (
        <ErrorBanner>
          Não foi possível carregar as disciplinas.{' '}
          <button type="button" className="font-medium underline" onClick={() => void subjects.refetch()}>
            Tentar de novo
          </button>
        </ErrorBanner>
      ) : subjects.data.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title="Nenhuma disciplina cadastrada"
          hint="Cadastre as disciplinas que a escola oferece para montar as grades curriculares."
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {areas.map((area) => {
            const ofArea = subjects.data.filter((item) => item.area === area);
            if (ofArea.length === 0) return null;
            return (
              <div key={area} className="rounded-lg border border-gray-200">
                <h3 className="border-b border-gray-100 bg-gray-50 px-3 py-2 text-sm font-semibold text-gray-800">
                  {area}
                </h3>
                <ul className="divide-y divide-gray-100" aria-label={`Disciplinas de ${area}`}>
                  {ofArea.map((item) => (
                    <SubjectRow
                      key={item.id}
                      subject={item}
                      censo={canCenso ? censoOf(item.id) : undefined}
                      onEdit={() => setEditing(item)}
                      onToggle={() => setToggling(item)}
                    />
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      )}
      {editing && (
        <SubjectFormModal
          subject={editing === 'new' ? null : editing}
          censo={
            !canCenso || !censo.isSuccess
              ? undefined
              : { codigoInep: editing === 'new' ? null : (censoOf(editing.id)?.codigo_inep ?? null) }
          }
          onClose={() => setEditing(null)}
        />
      )}
      {toggling && (
        <ConfirmAction
          title={toggling.ativo ? `Desativar ${toggling.nome}?` : `Reativar ${toggling.nome}?`}
          message={
            toggling.ativo
              ? 'A disciplina deixa de ser oferecida para novas grades curriculares e professores. Onde já está (grades, notas, chamadas, boletins), continua.'
              : 'A disciplina volta a ser oferecida nas grades curriculares e para os professores.'
          }
          confirmLabel={toggling.ativo ? 'Desativar' : 'Reativar'}
          danger={toggling.ativo}
          action={() =>
            save.mutateAsync({
              id: toggling.id,
              input: { ativo: !toggling.ativo, version: toggling.version },
            })
          }
          success={toggling.ativo ? 'Disciplina desativada.' : 'Disciplina reativada.'}
          failure="Não foi possível alterar a disciplina."
          onClose={() => setToggling(null)}
        />
      )}
    </section>
  );
}

function SubjectRow({
  subject,
  censo,
  onEdit,
  onToggle,
}: {
  subject: Disciplina;
  censo?: CensoDisciplina | undefined;
  onEdit: () => void;
  onToggle: () => void;
}) {
  return (
    // On a phone the buttons go under the name rather than squeeze it into a column of a few words.
    <li className="flex flex-wrap items-center gap-2 px-3 py-2">
      <div className="min-w-48 flex-1 break-words">
        <p className={`font-medium ${subject.ativo ? 'text-gray-900' : 'text-gray-500'}`}>
          {subject.nome} {!subject.ativo && <Badge tone="gray">Inativa</Badge>}
        </p>
        <p className="text-xs text-gray-600">
          {subject.componente_bncc ? `BNCC: ${subject.componente_bncc}` : 'Sem componente da BNCC'}
          {hasChosenStages(subject) &&
            (subject.etapas.length === classNiveis.length
              ? ' · todas as etapas'
              : ` · só ${formatList(subject.etapas)}`)}
        </p>
        {censo && (
          <p
            className={`text-xs ${censo.componente_efetivo ? 'text-gray-600' : 'font-medium text-amber-800'}`}
          >
            {censo.componente_efetivo
              ? `INEP: ${rotuloDe(componentesInep, censo.componente_efetivo) ?? censo.componente_efetivo}`
              : 'Sem componente do INEP: o Censo pede um nas turmas que a têm (fora dos itinerários)'}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" onClick={onEdit} aria-label={`Editar ${subject.nome}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" /> Editar
        </Button>
        <Button
          variant="secondary"

          onClick={onToggle}
          aria-label={`${subject.ativo ? 'Desativar' : 'Reativar'} ${subject.nome}`}
        >
          {subject.ativo ? 'Desativar' : 'Reativar'}
        </Button>
      </div>
    </li>
  );
}
