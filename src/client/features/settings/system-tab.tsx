import { useWatch } from 'react-hook-form';
import {
  fusoLabels,
  idiomaLabels,
  moedaLabels,
  SMS_UNAVAILABLE_MESSAGE,
  temaLabels,
  type SystemSettingsValues,
} from '../../../shared/settings.schemas';
import { formatCentavos, formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { FormSelect } from '../../components/form-fields';
import { DeliveryQueue } from './delivery-queue';
import { FormToggle } from './toggle';

/** The Sistema tab: fields of the system-settings form that SettingsPage holds (with Notificações). */
export function SystemTab({ saving, onSave }: { saving: boolean; onSave: () => void }) {
  const [idioma, moeda, fuso] = useWatch<SystemSettingsValues, ['idioma', 'moeda', 'fuso_horario']>({
    name: ['idioma', 'moeda', 'fuso_horario'],
  });
  const sample = new Intl.NumberFormat(idioma, { style: 'currency', currency: moeda }).format(1234.56);
  const when = new Intl.DateTimeFormat(idioma, {
    timeZone: fuso,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date());
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <FormToggle
          name="manutencao"
          label="Modo de manutenção"
          hint="Enquanto ativo, só administradores usam o portal; os demais veem 'Sistema em manutenção'. O site público continua no ar."
        />
        <FormToggle
          name="backup_automatico"
          label="Backup automático"
          hint="Um backup por dia, guardado no servidor (7 diários, 4 semanais e 12 mensais)."
        />
        <FormToggle
          name="consulta_cep"
          label="Consulta de CEP"
          hint="Preenche o endereço a partir do CEP nos formulários, consultando um serviço público de CEP (ViaCEP) pelo servidor. Só o CEP é enviado; digitar o endereço continua possível."
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <FormSelect name="tema" label="Tema" options={temaLabels} />
        <FormSelect
          name="idioma"
          label="Idioma dos formatos"
          hint="Como datas, horas e valores aparecem. Os textos do sistema continuam em português."
          options={idiomaLabels}
        />
        <FormSelect name="fuso_horario" label="Fuso horário" options={fusoLabels} />
        <FormSelect name="moeda" label="Moeda" options={moedaLabels} />
      </div>
      <p className="text-xs text-gray-600">
        Exemplo com estas opções: {sample} · {when}. (Padrão: {formatCentavos(123456)} ·{' '}
        {formatDateTime(new Date())})
      </p>
      <div className="flex justify-end">
        <Button loading={saving} onClick={onSave}>
          {saving ? 'Salvando...' : 'Salvar Configurações'}
        </Button>
      </div>
    </div>
  );
}

/** The channels (e-mail, SMS) and the opt-in kinds, saved with the Sistema tab's button. */
export function NotificationsTab({
  smsAvailable,
  saving,
  onSave,
}: {
  smsAvailable: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  const sms = useWatch<SystemSettingsValues, 'notificacoes_sms'>({ name: 'notificacoes_sms' });
  return (
    <div className="space-y-4">
      <FormToggle
        name="notificacoes_email"
        label="Notificações por e-mail"
        hint="Avisos enviados pelo servidor de e-mail. Se o e-mail não estiver configurado neste servidor (variável SMTP_URL, veja o README), nenhum aviso sai."
      />
      <FormToggle
        name="notificacoes_sms"
        label="Notificações por SMS"
        hint={smsAvailable ? 'Avisos por SMS pelo provedor configurado.' : SMS_UNAVAILABLE_MESSAGE}
        disabled={!smsAvailable && !sms}
      />
      <h3 className="pt-2 text-sm font-semibold text-gray-900">Avisos automáticos às famílias</h3>
      <p className="text-sm text-gray-600">
        Comunicados, mensagens, boletins publicados e avisos de segurança sempre aparecem no sino do portal.
        Estes dois avisos só são criados quando ativados:
      </p>
      <FormToggle
        name="notificar_faltas"
        label="Faltas registradas na chamada"
        hint="Os responsáveis são avisados no mesmo dia em que a falta do filho é registrada (um aviso por aluno por dia)."
      />
      <FormToggle
        name="notificar_mensalidades"
        label="Mensalidades a vencer e em atraso"
        hint="Um aviso 3 dias antes do vencimento e outro quando a mensalidade fica em atraso — uma única vez cada."
      />
      <div className="flex justify-end">
        <Button loading={saving} onClick={onSave}>
          {saving ? 'Salvando...' : 'Salvar Configurações'}
        </Button>
      </div>
      <DeliveryQueue />
    </div>
  );
}
