import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ExternalLink, History, RotateCcw, ShieldX } from 'lucide-react';
import { paths } from '../../../shared/routes';
import { contentSections, sectionLabels, type ContentSection } from '../../../shared/content.constants';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { useCurrentUser } from '../../lib/current-user';
import { useContentState, useResetContent, useRestoreVersion, useSectionHistory } from './content.api';
import { ContentCopyButtons } from './content-copy-buttons';
import { SectionEditor } from './section-editor';
import { shownSections, siteSectionIds, type SiteSectionId } from '../../domain/site-sections';

function HistoryModal({ section, onClose }: { section: ContentSection; onClose: () => void }) {
  const history = useSectionHistory(section, true);
  const restore = useRestoreVersion(section);
  return (
    <Modal
      open
      onClose={onClose}
      title={`Histórico — ${sectionLabels[section]}`}
      busy={restore.isPending}
      size="lg"
    >
      {history.isLoading ? (
        <Spinner />
      ) : (
        <ul className="divide-y divide-gray-200">
          {(history.data ?? []).map((entry) => (
            <li key={entry.version} className="flex items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-gray-900">
                  Versão {entry.version}{' '}
                  {entry.current && <span className="text-sm text-green-700">(atual)</span>}
                </p>
                <p className="text-sm text-gray-600">
                  {new Date(entry.savedAt).getTime() === 0
                    ? 'Conteúdo padrão'
                    : `${new Date(entry.savedAt).toLocaleString('pt-BR')}${entry.savedBy ? ` — ${entry.savedBy}` : ''}`}
                </p>
              </div>
              {!entry.current && (
                <Button
                  variant="secondary"
                  loading={restore.isPending && restore.variables === entry.version}
                  onClick={() => restore.mutate(entry.version)}
                >
                  Restaurar versão {entry.version}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

function AccessDeniedContent() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 p-4">
      <div className="max-w-md rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <ShieldX className="mx-auto h-14 w-14 text-red-500" aria-hidden="true" />
        <h1 className="mt-4 text-lg font-semibold text-gray-900">
          Acesso Negado - Apenas administradores podem acessar esta página.
        </h1>
        <Link
          to={paths.dashboard}
          className="mt-6 inline-flex min-h-10 items-center rounded-lg bg-primary-strong px-4 py-2 text-sm font-medium text-white hover:brightness-110"
        >
          Voltar ao início
        </Link>
      </div>
    </main>
  );
}

/** 'Gerenciamento de Conteúdo' (spec 'Content management'). */
export function ContentManagerPage() {
  const { data: user } = useCurrentUser();
  const state = useContentState();
  const reset = useResetContent();
  const [section, setSection] = useState<ContentSection>('hero');
  const [confirmReset, setConfirmReset] = useState(false);
  const [showHistory, setShowHistory] = useState(false);

  if (user && user.nivel !== 'administrador') return <AccessDeniedContent />;

  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div className="flex items-center gap-3">
            <Link
              to={paths.dashboard}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Voltar ao início
            </Link>
            <h1 className="text-xl font-bold text-gray-900">Gerenciamento de Conteúdo</h1>
          </div>
          <div className="flex flex-wrap gap-2">
            <a
              href="/"
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50"
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              Visualizar Site
            </a>
            <ContentCopyButtons content={state.data?.content} />
            <Button variant="danger" onClick={() => setConfirmReset(true)}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              Restaurar Padrão
            </Button>
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 md:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Seções do site">
          <ul className="space-y-1">
            {contentSections.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  onClick={() => setSection(name)}
                  aria-current={name === section ? 'page' : undefined}
                  className={`w-full rounded-lg px-3 py-2 text-left text-sm font-medium ${
                    name === section ? 'bg-primary-strong text-white' : 'text-gray-700 hover:bg-gray-100'
                  }`}
                >
                  {sectionLabels[name]}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0">
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-gray-900">
              {sectionLabels[section]}
              {state.data && (
                <span className="ml-2 text-sm font-normal text-gray-600">
                  versão {state.data.versions[section]}
                </span>
              )}
            </h2>
            <Button variant="secondary" onClick={() => setShowHistory(true)}>
              <History className="h-4 w-4" aria-hidden="true" />
              Histórico
            </Button>
          </div>
          {state.data &&
            (siteSectionIds as readonly string[]).includes(section) &&
            !shownSections(state.data.content).has(section as SiteSectionId) && (
              <p role="status" className="mb-4 rounded-lg bg-blue-50 px-4 py-3 text-sm text-blue-900">
                Esta seção ainda não aparece no site: ela é publicada quando tiver conteúdo escrito pela
                escola.
              </p>
            )}
          {state.isLoading ? (
            <Spinner />
          ) : state.isError || !state.data ? (
            <ErrorBanner>Não foi possível carregar o conteúdo.</ErrorBanner>
          ) : (
            <SectionEditor
              key={section}
              section={section}
              data={state.data.content[section]}
              onOpenSection={setSection}
            />
          )}
        </main>
      </div>
      <ConfirmDialog
        open={confirmReset}
        title="Restaurar Padrão"
        message="Todo o conteúdo do site volta ao padrão. As versões atuais ficam no histórico."
        confirmLabel="Restaurar Padrão"
        busy={reset.isPending}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => reset.mutate(undefined, { onSettled: () => setConfirmReset(false) })}
      />
      {showHistory && <HistoryModal section={section} onClose={() => setShowHistory(false)} />}
    </div>
  );
}
