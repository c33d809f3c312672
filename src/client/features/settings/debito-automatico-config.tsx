/**
 * Configurações → Financeiro → 'Débito automático (Pix Automático)' (issue 33 §3, ADR 0044): whether the
 * school offers families the monthly debit of the tuition, and the account at its bank that receives the
 * debits. Explained, and not offered, while the Pix charges above are off or the bank has no Pix
 * Automático.
 */
import { useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import {
  pixAutomaticoConfigInputSchema,
  tiposConta,
  type PixAutomaticoConfig,
} from '../../../shared/pix-automatico.schemas';
import { Button } from '../../components/button';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import {
  BankAccountFields,
  bankAccountOf,
  BankServiceSection,
  BankSettingsForm,
  useBankSettingsSave,
} from './bank-settings';
import { BankChoiceField } from './bank-choice-field';
import { useDebitoAutomaticoConfig, useSaveDebitoAutomaticoConfig } from './debito-automatico.api';
import { Toggle } from './toggle';

const tipoLabels: Record<(typeof tiposConta)[number], string> = {
  CORRENTE: 'Conta corrente',
  POUPANCA: 'Conta poupança',
  PAGAMENTO: 'Conta de pagamento',
};

function ConfigForm({ config, provedorAtivo }: { config: PixAutomaticoConfig; provedorAtivo: boolean }) {
  const [ativo, setAtivo] = useState(config.ativo);
  const [account, setAccount] = useState(bankAccountOf(config));
  const [tipo, setTipo] = useState<string>(config.tipo_conta ?? '');
  const save = useSaveDebitoAutomaticoConfig();
  const { erros, submit: saveValues } = useBankSettingsSave(pixAutomaticoConfigInputSchema, save);

  const submit = () =>
    saveValues({
      ativo,
      agencia: account.agencia.trim() || null,
      conta: account.conta.trim() || null,
      tipo_conta: (tipo || null) as (typeof tiposConta)[number] | null,
      version: config.version,
    });

  return (
    <BankSettingsForm label="Débito automático" onSubmit={submit}>
      <Toggle
        label="Oferecer débito automático às famílias"
        hint={
          provedorAtivo
            ? 'As famílias veem a opção no Financeiro do portal, por filho.'
            : 'Ligue antes o Pix automático (cobranças) acima: o débito automático usa o mesmo banco.'
        }
        checked={ativo}
        onChange={setAtivo}
      />
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-gray-900">
          Conta da escola que recebe os débitos
        </legend>
        <BankAccountFields account={account} onChange={setAccount} erros={erros} required={ativo} />
        <BankChoiceField
          label="Tipo de conta"
          value={tipo}
          onChange={setTipo}
          error={erros.tipo_conta}
          required={ativo}
          options={tiposConta}
          labels={tipoLabels}
        />
      </fieldset>
      <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
        Salvar débito automático
      </Button>
    </BankSettingsForm>
  );
}

export function DebitoAutomaticoConfig({ provedorAtivo }: { provedorAtivo: boolean }) {
  const config = useDebitoAutomaticoConfig();
  const data = config.data;
  const oferecido = data?.ativo === true && !data.indisponivel && provedorAtivo;
  return (
    <BankServiceSection
      titleId="debito-automatico-titulo"
      title="Débito automático (Pix Automático)"
      badge={
        data && (
          <Badge tone={oferecido ? 'green' : 'gray'}>
            {oferecido ? 'Oferecido às famílias' : 'Não oferecido'}
          </Badge>
        )
      }
    >
      <p className="text-sm text-gray-600">
        A família que quiser autoriza uma vez, no app do banco dela, o débito mensal da mensalidade, com um
        valor máximo por mês. Cada mês o sistema envia a cobrança ao banco de 2 a 10 dias antes do vencimento
        (a regra do Banco Central) e o débito é feito no vencimento. Se não passar (saldo ou limite), não há
        nova tentativa: a mensalidade continua em aberto com a cobrança Pix de sempre. Peça ao banco o Pix
        Automático na API Pix (recorrências).
      </p>
      {config.isPending ? (
        <Spinner label="Carregando o débito automático..." />
      ) : config.isError || !data ? (
        <ErrorBanner>Erro ao carregar o débito automático.</ErrorBanner>
      ) : (
        <>
          {data.indisponivel && (
            <p
              role="note"
              className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
            >
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>
                O banco da escola respondeu que não oferece Pix Automático, e a opção ficou oculta para as
                famílias. Confirme com o banco e salve de novo para tentar outra vez.
              </span>
            </p>
          )}
          <ConfigForm key={data.version} config={data} provedorAtivo={provedorAtivo} />
        </>
      )}
    </BankServiceSection>
  );
}
