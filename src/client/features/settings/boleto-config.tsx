/**
 * Configurações → Financeiro → 'Boleto bancário' (issue 36 §1, ADR 0055): whether the school issues
 * boletos registrados, with which bank and agreement (agência, conta, carteira, convênio) and from which
 * nosso número on. Each bank's rules are checked by the server and its messages land on the fields.
 */
import { useState } from 'react';
import {
  bancosBoleto,
  boletoConfigInputSchema,
  type BoletoConfig,
  type CodigoBanco,
} from '../../../shared/boleto.schemas';
import { Button } from '../../components/button';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import {
  BankAccountFields,
  bankAccountOf,
  BankServiceSection,
  BankSettingsForm,
  useBankSettingsSave,
} from './bank-settings';
import { BankChoiceField } from './bank-choice-field';
import { useBoletoConfig, useSaveBoletoConfig } from './boleto-config.api';
import { Toggle } from './toggle';

function ConfigForm({ config }: { config: BoletoConfig }) {
  const [ativo, setAtivo] = useState(config.ativo);
  const [banco, setBanco] = useState<string>(config.banco ?? '');
  const [account, setAccount] = useState(bankAccountOf(config));
  const [carteira, setCarteira] = useState(config.carteira ?? '');
  const [convenio, setConvenio] = useState(config.convenio ?? '');
  const [proximo, setProximo] = useState(String(config.proximo_nosso_numero));
  const [instrucoes, setInstrucoes] = useState(config.instrucoes ?? '');
  const save = useSaveBoletoConfig();
  const { erros, submit: saveValues } = useBankSettingsSave(boletoConfigInputSchema, save);
  const regras = bancosBoleto.find((item) => item.codigo === banco);

  const handleBanco = (codigo: string) => {
    setBanco(codigo);
    const escolhido = bancosBoleto.find((item) => item.codigo === codigo);
    if (escolhido && !(escolhido.carteiras as readonly string[]).includes(carteira))
      setCarteira(escolhido.carteiras[0]);
  };

  const submit = () =>
    saveValues({
      ativo,
      banco: (banco || null) as CodigoBanco | null,
      agencia: account.agencia,
      conta: account.conta,
      carteira,
      convenio,
      proximo_nosso_numero: Number(proximo),
      instrucoes: instrucoes.trim() || null,
      version: config.version,
    });

  return (
    <BankSettingsForm label="Boleto bancário" onSubmit={submit}>
      <Toggle
        label="Emitir boletos das mensalidades"
        hint="A secretaria e as famílias passam a ver 'Boleto' em cada mensalidade em aberto."
        checked={ativo}
        onChange={setAtivo}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Banco"
          value={banco}
          onChange={(event) => handleBanco(event.target.value)}
          error={erros.banco}
          required={ativo}
        >
          <option value="">Escolha o banco</option>
          {bancosBoleto.map((item) => (
            <option key={item.codigo} value={item.codigo}>
              {item.codigo} — {item.nome}
            </option>
          ))}
        </SelectField>
        <BankChoiceField
          label="Carteira"
          value={carteira}
          onChange={setCarteira}
          error={erros.carteira}
          required={ativo}
          options={regras?.carteiras ?? []}
        />
        <BankAccountFields
          account={account}
          onChange={setAccount}
          erros={erros}
          required={ativo}
          agenciaLabel={banco === '756' ? 'Cooperativa (agência)' : 'Agência (sem dígito)'}
          contaLabel="Conta (só números, sem dígito)"
        />
        <InputField
          label={regras?.convenio ?? 'Convênio'}
          inputMode="numeric"
          value={convenio}
          onChange={(event) => setConvenio(event.target.value)}
          error={erros.convenio}
          required={ativo && banco !== '341'}
        />
        <InputField
          label="Próximo nosso número"
          inputMode="numeric"
          value={proximo}
          onChange={(event) => setProximo(event.target.value.replace(/\D/g, ''))}
          error={erros.proximo_nosso_numero}
          hint="A sequência que o banco reservou para a escola. Números já usados não se repetem."
          required
        />
      </div>
      <TextAreaField
        label="Instruções ao caixa (opcional)"
        rows={3}
        value={instrucoes}
        onChange={(event) => setInstrucoes(event.target.value)}
        error={erros.instrucoes}
        hint="Impressas no boleto depois da multa e dos juros, que vêm das configurações financeiras."
      />
      <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
        Salvar boleto
      </Button>
    </BankSettingsForm>
  );
}

export function BoletoConfigSection() {
  const config = useBoletoConfig();
  const data = config.data;
  return (
    <BankServiceSection
      titleId="boleto-titulo"
      title="Boleto bancário"
      badge={
        data && (
          <Badge tone={data.ativo ? 'green' : 'gray'}>{data.ativo ? 'Emitindo boletos' : 'Desligado'}</Badge>
        )
      }
    >
      <p className="text-sm text-gray-600">
        Boleto registrado no padrão FEBRABAN, com o CPF e o endereço do responsável financeiro. Peça ao banco
        a cobrança registrada com arquivo CNAB 240: ele informa agência, conta, carteira, convênio e a faixa
        de nosso número da escola. O boleto só é pago depois de registrado pelo arquivo de remessa.
      </p>
      {config.isPending ? (
        <Spinner label="Carregando o boleto..." />
      ) : config.isError || !data ? (
        <ErrorBanner>Erro ao carregar as configurações do boleto.</ErrorBanner>
      ) : (
        <ConfigForm key={data.version} config={data} />
      )}
    </BankServiceSection>
  );
}
