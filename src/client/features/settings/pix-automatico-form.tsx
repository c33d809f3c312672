import { useState, type ChangeEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  pixProvedorInputSchema,
  type PixProvedor,
  type PixProvedorInput,
  type PixProvedorTeste,
} from '../../../shared/pix-provedor.schemas';
import { Button } from '../../components/button';
import { Form, FormInput, FormPassword, FormTextArea } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSavePixProvedor, useTestPixProvedor } from './pix.api';
import { Toggle } from './toggle';

const asNumber = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));
const KEPT = 'Guardado com segurança. Deixe em branco para manter; preencha só para trocar.';

function AtivoToggle() {
  const { field, fieldState } = useController<PixProvedorInput, 'ativo'>({ name: 'ativo' });
  return (
    <Toggle
      label="Pix automático ligado"
      hint={
        fieldState.error?.message ??
        'Ligado, as mensalidades abertas ganham cobrança Pix no banco e os pagamentos se confirmam sozinhos.'
      }
      checked={field.value}
      onChange={field.onChange}
    />
  );
}

const bytesToBase64 = (buffer: ArrayBuffer) => {
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text);
};

/** Reads the file the bank sent (PEM certificate, key, both in one, or a .p12) into the right fields. */
function CertificateFile() {
  const { setValue } = useFormContext<PixProvedorInput>();
  const [loaded, setLoaded] = useState<string | null>(null);
  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const options = { shouldDirty: true, shouldValidate: true } as const;
    if (/\.(p12|pfx)$/i.test(file.name)) {
      setValue('certificado_p12', bytesToBase64(await file.arrayBuffer()), options);
      setLoaded(`Arquivo ${file.name} carregado: informe a senha dele abaixo.`);
      return;
    }
    const text = await file.text();
    const certificate = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
    const key =
      /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----/.exec(
        text,
      )?.[0];
    if (!certificate && !key) {
      toast.error('O arquivo não traz certificado nem chave em formato PEM.');
      return;
    }
    if (certificate) setValue('certificado_pem', `${certificate}\n`, options);
    if (key) setValue('chave_privada_pem', `${key}\n`, options);
    setLoaded(`Arquivo ${file.name} carregado${certificate && key ? ' (certificado e chave)' : ''}.`);
  };
  return (
    <div className="space-y-1">
      <label className="inline-flex cursor-pointer items-center rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-within:outline-2 focus-within:outline-primary">
        Carregar arquivo do certificado (.pem, .crt, .key, .p12)
        <input
          type="file"
          accept=".pem,.crt,.cer,.key,.p12,.pfx"
          className="sr-only"
          onChange={(event) => void handleFile(event)}
        />
      </label>
      {loaded && (
        <p className="text-xs text-gray-600" role="status">
          {loaded}
        </p>
      )}
    </div>
  );
}

function TestResult({ result }: { result: PixProvedorTeste }) {
  return (
    <p
      role="status"
      className={`rounded-md p-3 text-sm ${result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
    >
      {!result.ok && <strong>A conexão falhou. </strong>}
      {result.mensagem}
    </p>
  );
}

export function PixAutomaticoForm({ provedor }: { provedor: PixProvedor }) {
  const save = useSavePixProvedor();
  const test = useTestPixProvedor();
  const form = useSchemaForm(pixProvedorInputSchema, {
    ativo: provedor.ativo,
    base_url: provedor.base_url ?? '',
    token_url: provedor.token_url ?? '',
    client_id: provedor.client_id ?? '',
    client_secret: '',
    certificado_pem: '',
    chave_privada_pem: '',
    certificado_p12: '',
    senha_p12: '',
    ca_pem: provedor.ca_pem ?? '',
    chave_pix: provedor.chave_pix ?? '',
    validade_apos_vencimento: provedor.validade_apos_vencimento,
  });
  const p12 = form.watch('certificado_p12');
  const dirty = form.formState.isDirty;
  const handleTest = () => {
    test.mutate(undefined, { onError: () => toast.error('Não foi possível testar agora. Tente de novo.') });
  };
  return (
    <Form
      form={form}
      label="Pix automático"
      className="space-y-5"
      onSubmit={form.submit(
        async (values) => {
          const result = await save.mutateAsync({ ...values, version: provedor.version });
          const { ativo, webhook } = result.data;
          if (ativo && webhook.status === 'erro')
            toast.error(result.message ?? 'Configurações salvas, mas o webhook não foi cadastrado.');
          // Switched off, but the bank did not unregister the webhook.
          else if (!ativo && webhook.status === 'registrado')
            toast.error(result.message ?? 'Pix automático desligado, mas o webhook continua cadastrado.');
          else toast.success(result.message ?? 'Configurações do Pix automático salvas.');
        },
        (message) => toast.error(message),
      )}
    >
      <AtivoToggle />
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Banco (PSP)</legend>
        <FormInput
          name="base_url"
          label="URL da API Pix"
          placeholder="https://api.banco.com.br/pix/v2"
          required
          hint="O endereço da API Pix do banco, com o caminho (ex.: /api/v2)."
        />
        <FormInput
          name="token_url"
          label="URL do token (OAuth2)"
          placeholder="https://…/oauth/token"
          required
        />
        <FormInput name="client_id" label="Client ID" autoComplete="off" required />
        <FormPassword
          name="client_secret"
          label="Client secret"
          autoComplete="new-password"
          placeholder={provedor.tem_segredo ? '•••••••• (guardado)' : ''}
          hint={provedor.tem_segredo ? KEPT : undefined}
        />
        <FormInput
          name="chave_pix"
          label="Chave Pix da escola"
          required
          hint="A chave cadastrada neste banco."
        />
        <FormInput
          name="validade_apos_vencimento"
          label="Dias para pagar depois do vencimento"
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          setValueAs={asNumber}
          hint="Até quantos dias depois do vencimento a cobrança aceita pagamento (com multa e juros)."
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">
          Certificado da aplicação (TLS mútuo)
        </legend>
        <CertificateFile />
        {p12 ? (
          <FormPassword name="senha_p12" label="Senha do arquivo .p12" autoComplete="off" />
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <FormTextArea
              name="certificado_pem"
              label="Certificado (PEM)"
              rows={4}
              spellCheck={false}
              placeholder={provedor.tem_certificado ? '(guardado)' : '-----BEGIN CERTIFICATE-----'}
              hint={provedor.tem_certificado ? KEPT : undefined}
            />
            <FormTextArea
              name="chave_privada_pem"
              label="Chave privada (PEM)"
              rows={4}
              spellCheck={false}
              placeholder={provedor.tem_certificado ? '(guardada)' : '-----BEGIN PRIVATE KEY-----'}
              hint={provedor.tem_certificado ? KEPT : 'RSA ou EC, sem senha.'}
            />
          </div>
        )}
        <FormTextArea
          name="ca_pem"
          label="CA do banco (opcional)"
          rows={3}
          spellCheck={false}
          hint="Só quando o banco usa uma autoridade certificadora própria no servidor da API."
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Button type="button" variant="secondary" loading={test.isPending} onClick={handleTest}>
          Testar conexão
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Salvar
        </Button>
      </div>
      {dirty && (
        <p className="text-right text-xs text-gray-600">
          O teste usa o que está salvo: salve antes de testar.
        </p>
      )}
      {test.data && <TestResult result={test.data} />}
    </Form>
  );
}
