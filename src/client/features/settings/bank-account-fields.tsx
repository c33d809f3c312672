import { InputField } from '../../components/field';

/**
 * The school's account at its bank, as the bank settings ask it (boleto, débito automático): agência
 * and conta, digits only, required while the service is on, each with the message about it.
 */
export function BankAccountFields({
  agencia,
  conta,
  onAgencia,
  onConta,
  erros,
  required,
  agenciaLabel = 'Agência',
  contaLabel = 'Conta (só números)',
}: {
  agencia: string;
  conta: string;
  onAgencia: (value: string) => void;
  onConta: (value: string) => void;
  erros: Record<string, string>;
  required: boolean;
  agenciaLabel?: string;
  contaLabel?: string;
}) {
  return (
    <>
      <InputField
        label={agenciaLabel}
        inputMode="numeric"
        value={agencia}
        onChange={(event) => onAgencia(event.target.value)}
        error={erros.agencia}
        required={required}
      />
      <InputField
        label={contaLabel}
        inputMode="numeric"
        value={conta}
        onChange={(event) => onConta(event.target.value)}
        error={erros.conta}
        required={required}
      />
    </>
  );
}
