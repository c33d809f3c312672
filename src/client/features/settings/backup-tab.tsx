import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { AlertTriangle, Download, RotateCcw, Upload } from 'lucide-react';
import type { RestorePlan } from '../../../shared/settings.schemas';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { Spinner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { PasswordPrompt } from './password-prompt';
import {
  useAutomaticBackups,
  useCreateBackup,
  useDownloadAutomaticBackup,
  useRestore,
  useWipe,
  type RestoreSource,
} from './settings.api';
import { kindLabels, formatSize } from './backup-details';
import { BackupKeySection } from './backup-key-section';
import { needsSourceKey, RestoreConfirmModal, RestoreKeyPrompt } from './restore-dialogs';

export function BackupTab({ schoolName }: { schoolName: string }) {
  const backups = useAutomaticBackups();
  const createBackup = useCreateBackup();
  const downloadAutomatic = useDownloadAutomaticBackup();
  const restore = useRestore();
  const wipe = useWipe();
  const fileInput = useRef<HTMLInputElement>(null);

  const [asking, setAsking] = useState<
    | { kind: 'create' }
    | { kind: 'download'; nome: string }
    | { kind: 'restore'; source: RestoreSource }
    | { kind: 'wipe' }
    | null
  >(null);
  type Pending = { source: RestoreSource; senha: string; chave?: string; plan: RestorePlan };
  const [pending, setPending] = useState<Pending | null>(null);
  // Another installation encrypted the file: its key is asked, then the analysis is tried again.
  const [keyFor, setKeyFor] = useState<{ source: RestoreSource; senha: string } | null>(null);
  const [originConfirmed, setOriginConfirmed] = useState(false);
  const [typedName, setTypedName] = useState('');

  const handleFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.name.toLowerCase().endsWith('.json'))
      setAsking({ kind: 'restore', source: { kind: 'file', file } });
    else toast.error('Escolha um arquivo de backup .json');
  };

  const analyse = async (source: RestoreSource, senha: string, chave?: string) => {
    const result = await restore.mutateAsync({ source, senha, dryRun: true, chave });
    setOriginConfirmed(false);
    setPending({ source, senha, chave, plan: result.data });
  };

  const confirm = async (senha: string) => {
    if (!asking) return;
    if (asking.kind === 'create') {
      try {
        await createBackup.mutateAsync(senha);
      } catch (error) {
        if (!(error instanceof ApiError && error.details.some((detail) => detail.path === 'senha')))
          toast.error('Erro ao criar backup');
        throw error;
      }
      toast.success('Backup criado com sucesso');
    } else if (asking.kind === 'download') {
      await downloadAutomatic.mutateAsync({ nome: asking.nome, senha });
    } else if (asking.kind === 'restore') {
      try {
        await analyse(asking.source, senha);
      } catch (error) {
        if (!needsSourceKey(error)) throw error;
        setKeyFor({ source: asking.source, senha });
      }
    } else {
      const result = await wipe.mutateAsync({ confirmacao: typedName, senha });
      toast.success(result.message ?? 'Dados removidos com sucesso');
      setTypedName('');
    }
    setAsking(null);
  };

  const applyRestore = async () => {
    if (!pending) return;
    try {
      const result = await restore.mutateAsync({
        source: pending.source,
        senha: pending.senha,
        dryRun: false,
        confirmarOrigem: originConfirmed,
        chave: pending.chave,
      });
      toast.success(result.message ?? 'Backup restaurado com sucesso');
      setPending(null);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Erro ao restaurar backup');
    }
  };

  return (
    <div className="space-y-6">
      <section className="grid gap-4 md:grid-cols-2">
        <div className="rounded-lg border border-gray-200 bg-white p-4">
          <h3 className="font-semibold text-gray-900">Criar Backup</h3>
          <p className="mt-1 text-sm text-gray-600">
            Baixa backup-AAAA-MM-DD.json com todos os dados, fotos incluídas, cifrado e assinado com a chave
            desta instalação: só quem tem a chave o lê, e ao restaurar o sistema reconhece os seus backups.
          </p>
          <Button className="mt-3" onClick={() => setAsking({ kind: 'create' })}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Criar Backup
          </Button>
        </div>
        <div className="rounded-lg border border-gray-200 bg-white p-4">
          <h3 className="font-semibold text-gray-900">Restaurar Backup</h3>
          <p className="mt-1 text-sm text-gray-600">
            Escolha um arquivo .json: você verá o que ele contém antes de confirmar.
          </p>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            className="sr-only"
            aria-label="Arquivo de backup"
            data-testid="restore-file"
            onChange={handleFile}
          />
          <Button variant="secondary" className="mt-3" onClick={() => fileInput.current?.click()}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            Restaurar Backup
          </Button>
        </div>
      </section>

      <BackupKeySection />

      <section aria-labelledby="automaticos">
        <h3 id="automaticos" className="mb-2 font-semibold text-gray-900">
          Backups automáticos
        </h3>
        {backups.isLoading ? (
          <Spinner />
        ) : !backups.data || backups.data.length === 0 ? (
          <p className="text-sm text-gray-600">Nenhum backup automático ainda.</p>
        ) : (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
            {backups.data.map((item) => (
              <li
                key={item.nome}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm"
              >
                <span className="text-gray-800">
                  {formatDateTime(item.criado_em)} · {kindLabels[item.tipo]} · {formatSize(item.tamanho)}
                </span>
                <span className="flex gap-2">
                  <Button variant="ghost" onClick={() => setAsking({ kind: 'download', nome: item.nome })}>
                    <Download className="h-4 w-4" aria-hidden="true" />
                    Baixar
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() =>
                      setAsking({ kind: 'restore', source: { kind: 'automatic', nome: item.nome } })
                    }
                  >
                    <RotateCcw className="h-4 w-4" aria-hidden="true" />
                    Restaurar
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="perigo" className="rounded-lg border border-red-300 bg-red-50 p-4">
        <h3 id="perigo" className="flex items-center gap-2 font-semibold text-red-800">
          <AlertTriangle className="h-5 w-5" aria-hidden="true" />
          Zona de Perigo
        </h3>
        <p className="mt-1 text-sm text-red-900">
          Remove alunos, responsáveis, professores, turmas, notas, frequência, finanças e as contas dos outros
          usuários. Mantém a sua conta, as configurações, o conteúdo do site e a trilha de auditoria. Um
          backup automático é feito antes.
        </p>
        <Button variant="danger" className="mt-3" onClick={() => setAsking({ kind: 'wipe' })}>
          Limpar Todos os Dados
        </Button>
      </section>

      <PasswordPrompt
        open={asking !== null}
        title={
          asking?.kind === 'wipe'
            ? 'Limpar Todos os Dados'
            : asking?.kind === 'restore'
              ? 'Restaurar Backup'
              : asking?.kind === 'download'
                ? 'Baixar backup'
                : 'Criar Backup'
        }
        confirmLabel={
          asking?.kind === 'wipe' ? 'Limpar dados' : asking?.kind === 'restore' ? 'Analisar backup' : 'Baixar'
        }
        danger={asking?.kind === 'wipe'}
        canConfirm={
          asking?.kind !== 'wipe' || typedName.trim().toLowerCase() === schoolName.trim().toLowerCase()
        }
        onConfirm={confirm}
        onClose={() => {
          setAsking(null);
          setTypedName('');
        }}
      >
        {asking?.kind === 'wipe' && (
          <InputField
            label={`Digite o nome da escola (${schoolName}) para confirmar`}
            value={typedName}
            autoComplete="off"
            onChange={(event) => setTypedName(event.target.value)}
          />
        )}
      </PasswordPrompt>

      <RestoreKeyPrompt
        open={keyFor !== null}
        onConfirm={async (chave) => {
          if (keyFor) await analyse(keyFor.source, keyFor.senha, chave);
          setKeyFor(null);
        }}
        onClose={() => setKeyFor(null)}
      />

      <RestoreConfirmModal
        plan={pending?.plan ?? null}
        busy={restore.isPending}
        confirmed={originConfirmed}
        onConfirmedChange={setOriginConfirmed}
        onApply={() => void applyRestore()}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
