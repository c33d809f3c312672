/** What a backup file holds and what restoring it will do: its origin, who administers afterwards, and the plan. */
import { ShieldAlert, ShieldCheck, UserPlus } from 'lucide-react';
import { backupOriginLabels, type RestorePlan } from '../../../shared/settings.schemas';
import { formatDateTime } from '../../../shared/format';

export const kindLabels = {
  diario: 'Diário',
  'antes-restauracao': 'Antes de restaurar',
  'antes-limpeza': 'Antes de limpar',
};
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace('.', ',')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}
/** A restore plan on screen, and the box that confirms it. */
interface PlanDetailsProps {
  plan: RestorePlan;
  confirmed: boolean;
  onConfirmedChange: (value: boolean) => void;
}

/** Where the file comes from and who will administer the school after it is restored (ADR 0008). */
function OriginDetails({ plan, confirmed, onConfirmedChange }: PlanDetailsProps) {
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
export function PlanDetails({ plan, confirmed, onConfirmedChange }: PlanDetailsProps) {
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
