import {
  fusoLabels,
  fusosHorarios,
  idiomaLabels,
  idiomas,
  moedaLabels,
  moedas,
  SMS_UNAVAILABLE_MESSAGE,
  temaLabels,
  temas,
  type SystemSettingsValues,
} from '../../../shared/settings.schemas';
import { formatCentavos, formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import { Toggle } from './toggle';

interface SystemFormProps {
  values: SystemSettingsValues;
  onChange: (values: SystemSettingsValues) => void;
}

export function SystemTab({
  values,
  onChange,
  saving,
  onSave,
}: SystemFormProps & { saving: boolean; onSave: () => void }) {
  const set = <K extends keyof SystemSettingsValues>(key: K, value: SystemSettingsValues[K]) =>
    onChange({ ...values, [key]: value });
  const sample = new Intl.NumberFormat(values.idioma, { style: 'currency', currency: values.moeda }).format(
    1234.56,
  );
  const when = new Intl.DateTimeFormat(values.idioma, {
    timeZone: values.fuso_horario,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date());
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Toggle
          label="Modo de manutenção"
          hint="Enquanto ativo, só administradores usam o portal; os demais veem 'Sistema em manutenção'. O site público continua no ar."
          checked={values.manutencao}
          onChange={(checked) => set('manutencao', checked)}
        />
        <Toggle
          label="Backup automático"
          hint="Um backup por dia em DATA_DIR/backups (guarda 7 diários, 4 semanais e 12 mensais)."
          checked={values.backup_automatico}
          onChange={(checked) => set('backup_automatico', checked)}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          label="Tema"
          value={values.tema}
          onChange={(event) => set('tema', event.target.value as SystemSettingsValues['tema'])}
        >
          {temas.map((tema) => (
            <option key={tema} value={tema}>
              {temaLabels[tema]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Idioma"
          value={values.idioma}
          onChange={(event) => set('idioma', event.target.value as SystemSettingsValues['idioma'])}
        >
          {idiomas.map((idioma) => (
            <option key={idioma} value={idioma}>
              {idiomaLabels[idioma]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Fuso horário"
          value={values.fuso_horario}
          onChange={(event) =>
            set('fuso_horario', event.target.value as SystemSettingsValues['fuso_horario'])
          }
        >
          {fusosHorarios.map((fuso) => (
            <option key={fuso} value={fuso}>
              {fusoLabels[fuso]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Moeda"
          value={values.moeda}
          onChange={(event) => set('moeda', event.target.value as SystemSettingsValues['moeda'])}
        >
          {moedas.map((moeda) => (
            <option key={moeda} value={moeda}>
              {moedaLabels[moeda]}
            </option>
          ))}
        </SelectField>
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

/** The spec: two toggles, saved with the Sistema tab's button. */
export function NotificationsTab({
  values,
  onChange,
  smsAvailable,
}: SystemFormProps & { smsAvailable: boolean }) {
  return (
    <div className="space-y-4">
      <Toggle
        label="Notificações por e-mail"
        hint="Avisos enviados pelo servidor de e-mail configurado (SMTP_URL; sem ele, ficam em DATA_DIR/outbox)."
        checked={values.notificacoes_email}
        onChange={(checked) => onChange({ ...values, notificacoes_email: checked })}
      />
      <Toggle
        label="Notificações por SMS"
        hint={smsAvailable ? 'Avisos por SMS pelo provedor configurado.' : SMS_UNAVAILABLE_MESSAGE}
        checked={values.notificacoes_sms}
        disabled={!smsAvailable && !values.notificacoes_sms}
        onChange={(checked) => onChange({ ...values, notificacoes_sms: checked })}
      />
      <p className="text-sm text-gray-600">
        Estas opções são salvas com o botão &quot;Salvar Configurações&quot; da aba Sistema.
      </p>
    </div>
  );
}
