import { useState } from 'react';
import toast from 'react-hot-toast';
import { notificacaoTipoLabels, type Preferencias } from '../../../shared/notificacoes.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { usePreferencias, useSavePreferences } from './notificacoes.api';
import { PushDeviceSection } from './push-device-section';

type Channel = 'email' | 'sms' | 'push';
const channelHeaders: Record<Channel, string> = { email: 'E-mail', sms: 'SMS', push: 'No celular' };
const channelWords: Record<Channel, string> = {
  email: 'por e-mail',
  sms: 'por SMS',
  push: 'por notificação no celular',
};

/** The channels a person chooses: SMS only where the school sends it (never shown ticked for nothing). */
const channels = (prefs: Preferencias): Channel[] =>
  prefs.sms_disponivel ? ['email', 'sms', 'push'] : ['email', 'push'];

/**
 * 'Preferências de notificação': which kinds also come by e-mail, SMS or as a notification on the
 * person's devices (the portal always shows them), and this device's notifications on or off.
 */
export function PreferencesModal({ onClose }: { onClose: () => void }) {
  const prefs = usePreferencias(true);
  const save = useSavePreferences();
  const [edited, setEdited] = useState<Preferencias['itens'] | null>(null);
  const itens = edited ?? prefs.data?.itens ?? [];
  const set = (tipo: string, channel: Channel, value: boolean) =>
    setEdited(itens.map((item) => (item.tipo === tipo ? { ...item, [channel]: value } : item)));
  return (
    <Modal
      open
      onClose={onClose}
      busy={save.isPending}
      title="Preferências de notificação"
      description={`Tudo aparece no sino do portal. Escolha o que também chega por e-mail${
        prefs.data?.sms_disponivel ? ', por SMS' : ''
      } ou como notificação no celular.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} aria-disabled={save.isPending}>
            Cancelar
          </Button>
          <Button
            loading={save.isPending}
            disabled={!edited}
            onClick={() =>
              save.mutateAsync(itens).then(
                (result) => {
                  toast.success(result.message ?? 'Preferências salvas');
                  onClose();
                },
                (error: unknown) =>
                  toast.error(error instanceof ApiError ? error.message : 'Não foi possível salvar.'),
              )
            }
          >
            Salvar
          </Button>
        </>
      }
    >
      <PushDeviceSection />
      {prefs.isPending ? (
        <Spinner />
      ) : prefs.isError ? (
        <ErrorBanner>Erro ao carregar as preferências.</ErrorBanner>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-gray-600">
              <th className="py-2 font-medium">Assunto</th>
              {channels(prefs.data).map((channel) => (
                <th key={channel} className="py-2 text-center font-medium">
                  {channel === 'push' ? (
                    <abbr title="Notificação nos aparelhos em que foi ativada" className="no-underline">
                      {channelHeaders.push}
                    </abbr>
                  ) : (
                    channelHeaders[channel]
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {itens.map((item) => (
              <tr key={item.tipo}>
                <td className="py-1 text-gray-900">{notificacaoTipoLabels[item.tipo]}</td>
                {channels(prefs.data).map((channel) => (
                  <td key={channel} className="text-center">
                    {/* The cell's label is the tap target (44 px), not the 16 px box alone. */}
                    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center has-disabled:cursor-default">
                      <input
                        type="checkbox"
                        className="h-4 w-4"
                        aria-label={`${notificacaoTipoLabels[item.tipo]} ${channelWords[channel]}`}
                        checked={item[channel]}
                        disabled={
                          channel === 'email' && (!prefs.data.email_disponivel || item.tipo === 'seguranca')
                        }
                        onChange={(event) => set(item.tipo, channel, event.target.checked)}
                      />
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {prefs.data && (!prefs.data.email_disponivel || !prefs.data.sms_disponivel) && (
        <p className="mt-3 text-xs text-gray-600">
          {!prefs.data.email_disponivel && 'A escola desligou as notificações por e-mail. '}
          {!prefs.data.sms_disponivel && 'A escola não envia notificações por SMS.'} Avisos de segurança
          sempre chegam por e-mail.
        </p>
      )}
    </Modal>
  );
}
