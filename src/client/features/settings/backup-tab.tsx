import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { AlertTriangle, Download, RotateCcw, ShieldAlert, ShieldCheck, Upload, UserPlus } from 'lucide-react';
import { backupOriginLabels, type RestorePlan } from '../../../shared/settings.schemas';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
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

const kindLabels = {
  diario: 'Diário',
  'antes-restauracao': 'Antes de restaurar',
  'antes-limpeza': 'Antes de limpar',
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace('.', ',')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/** Where the file comes from and who will administer the school after it is restored (ADR 0008). */
function OriginDetails({
  plan,
  confirmed,
  onConfirmedChange,
}: {
  plan: RestorePlan;
  confirmed: boolean;
  onConfirmedChange: (value: boolean) => void;
}) {
  const { origem } = plan;
  const trusted = origem.situacao === 'esta_instalacao';
  return (
    <div className="space-y-3">
      {trusted ? (
        <p className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-green-900">
          <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <span>
            <strong>{backupOriginLabels[origem.situacao]}.</strong> O arquivo não foi alterado desde que este
            sistema o criou.
          </span>
        </p>
      ) : (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
        >
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div className="space-y-1">
            <p>
              <strong>Atenção: este backup não foi assinado por esta instalação</strong> (
              {backupOriginLabels[origem.situacao].toLowerCase()}).
            </p>
            <p>
              Não há como saber se alguém alterou o arquivo: ele pode trazer contas de administrador ou
              registros inventados. Restaure só se você sabe de onde ele veio (por exemplo, o servidor
              anterior desta escola) e se reconhece os administradores abaixo.
            </p>
          </div>
        </div>
      )}
      <section aria-labelledby="admins-apos">
        <h4 id="admins-apos" className="font-medium text-gray-900">
          Administradores depois da restauração ({origem.administradores.length})
        </h4>
        {origem.administradores.length === 0 ? (
          <p className="text-gray-700">O backup não traz nenhuma conta de administrador.</p>
        ) : (
          <ul className="mt-1 divide-y divide-gray-100 rounded-lg border border-gray-200">
            {origem.administradores.map((admin) => (
              <li key={admin.email} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="min-w-0">
                  <span className="block font-medium text-gray-900">{admin.nome}</span>
                  <span className="block break-all text-gray-600">{admin.email}</span>
                </span>
                <span className="flex flex-wrap gap-1">
                  {admin.novo && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                      <UserPlus className="h-3 w-3" aria-hidden="true" />
                      Não é administrador hoje
                    </span>
                  )}
                  {admin.status !== 'ativo' && (
                    <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
                      {admin.status}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {plan.auditoria_importada > 0 && (
        <p className="text-gray-700">
          {plan.auditoria_importada === 1
            ? '1 entrada da trilha de auditoria do arquivo não existe aqui: ela será acrescentada marcada como importada.'
            : `${plan.auditoria_importada} entradas da trilha de auditoria do arquivo não existem aqui: serão acrescentadas marcadas como importadas.`}
        </p>
      )}
      {!trusted && (
        <label className="flex items-start gap-2 rounded-lg border border-gray-300 p-3 text-gray-900">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 rounded border-gray-300"
            checked={confirmed}
            onChange={(event) => onConfirmedChange(event.target.checked)}
          />
          <span>Conheço a origem deste arquivo e confirmo os administradores listados acima.</span>
        </label>
      )}
    </div>
  );
}

function PlanDetails({
  plan,
  confirmed,
  onConfirmedChange,
}: {
  plan: RestorePlan;
  confirmed: boolean;
  onConfirmedChange: (value: boolean) => void;
}) {
  const names = Object.keys(plan.backup.tabelas).sort();
  return (
    <div className="space-y-3 text-sm">
      <OriginDetails plan={plan} confirmed={confirmed} onConfirmedChange={onConfirmedChange} />
      <p className="text-gray-700">
        Backup de <strong>{formatDateTime(plan.backup.criado_em)}</strong> (versão {plan.backup.versao_app}),{' '}
        {plan.backup.total_registros} registros.
      </p>
      <div className="max-h-60 overflow-y-auto rounded-lg border border-gray-200">
        <table className="min-w-full text-left text-sm" aria-label="Registros por tabela">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-3 py-2">Tabela</th>
              <th className="px-3 py-2 text-right">Atual</th>
              <th className="px-3 py-2 text-right">No backup</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {names.map((name) => (
              <tr key={name}>
                <td className="px-3 py-1.5 text-gray-800">{name}</td>
                <td className="px-3 py-1.5 text-right text-gray-700">{plan.atual[name] ?? 0}</td>
                <td className="px-3 py-1.5 text-right text-gray-900">{plan.backup.tabelas[name]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-gray-700">
        Todos os dados atuais serão substituídos pelos do backup. A trilha de auditoria é mantida (as entradas
        do backup que faltarem são acrescentadas, marcadas como importadas) e as sessões abertas continuam. Um
        backup automático dos dados atuais é feito antes.
      </p>
    </div>
  );
}

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
  const [pending, setPending] = useState<{ source: RestoreSource; senha: string; plan: RestorePlan } | null>(
    null,
  );
  const [originConfirmed, setOriginConfirmed] = useState(false);
  const [typedName, setTypedName] = useState('');

  const handleFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.json')) {
      toast.error('Escolha um arquivo de backup .json');
      return;
    }
    setAsking({ kind: 'restore', source: { kind: 'file', file } });
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
      const result = await restore.mutateAsync({ source: asking.source, senha, dryRun: true });
      setOriginConfirmed(false);
      setPending({ source: asking.source, senha, plan: result.data });
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
            Baixa um arquivo backup-AAAA-MM-DD.json com todos os dados, fotos incluídas, assinado por esta
            instalação: ao restaurar, o sistema reconhece os seus próprios backups e avisa sobre os outros.
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

      <Modal
        open={pending !== null}
        onClose={() => setPending(null)}
        busy={restore.isPending}
        title="Confirmar restauração"
        size="lg"
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)} disabled={restore.isPending}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              loading={restore.isPending}
              disabled={pending?.plan.origem.confirmacao_necessaria === true && !originConfirmed}
              onClick={() => void applyRestore()}
            >
              Restaurar agora
            </Button>
          </>
        }
      >
        {pending && (
          <PlanDetails
            plan={pending.plan}
            confirmed={originConfirmed}
            onConfirmedChange={setOriginConfirmed}
          />
        )}
      </Modal>
    </div>
  );
}
