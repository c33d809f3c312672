import { useState, type ChangeEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import { AlertTriangle, ShieldCheck } from 'lucide-react';
import type { FiscalConfiguracao, FiscalConfiguracaoInput } from '../../../shared/fiscal.schemas';
import { formatDate } from '../../../shared/format';
import { formatCnpj } from '../../../shared/settings.schemas';

const PFX_TOO_BIG = 48 * 1024;

const bytesToBase64 = (buffer: ArrayBuffer) => {
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text);
};

/** The A1 certificate file (.pfx/.p12) read in the browser into base64; it goes only to the server. */
export function CertificateFile() {
  const { setValue } = useFormContext<FiscalConfiguracaoInput>();
  const [loaded, setLoaded] = useState<string | null>(null);
  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/\.(p12|pfx)$/i.test(file.name)) {
      toast.error('Escolha o arquivo do certificado A1 (.pfx ou .p12).');
      return;
    }
    if (file.size > PFX_TOO_BIG) {
      toast.error('Este arquivo é grande demais para um certificado A1.');
      return;
    }
    setValue('certificado_pfx', bytesToBase64(await file.arrayBuffer()), { shouldDirty: true });
    setLoaded(`Arquivo ${file.name} carregado: informe a senha dele e salve.`);
  };
  return (
    <div className="space-y-1">
      <label className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 focus-within:outline-2 focus-within:outline-primary hover:bg-gray-50">
        Escolher o certificado A1 (.pfx)
        <input
          type="file"
          accept=".pfx,.p12,application/x-pkcs12"
          className="sr-only"
          data-testid="certificado-pfx"
          onChange={(event) => void handleFile(event)}
        />
      </label>
      {loaded && (
        <p className="text-xs text-gray-700" role="status">
          {loaded}
        </p>
      )}
    </div>
  );
}

/** What is stored of the certificate: its holder and validity, never the file or the password. */
export function CertificateStatus({ config }: { config: FiscalConfiguracao }) {
  const certificado = config.certificado;
  if (!config.tem_certificado || !certificado)
    return (
      <p className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        Nenhum certificado cadastrado. Sem ele as notas não podem ser assinadas.
      </p>
    );
  const expired = new Date(certificado.valido_ate).getTime() < Date.now();
  const soon = !expired && new Date(certificado.valido_ate).getTime() - Date.now() < 30 * 24 * 3600 * 1000;
  return (
    <div
      data-testid="certificado-status"
      className={`flex items-start gap-2 rounded-md p-3 text-sm ${expired ? 'bg-red-50 text-red-900' : soon ? 'bg-amber-50 text-amber-900' : 'bg-green-50 text-green-900'}`}
    >
      <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        Certificado cadastrado: <strong>{certificado.titular}</strong>
        {certificado.cnpj ? ` (CNPJ ${formatCnpj(certificado.cnpj)})` : ''}, válido de{' '}
        {formatDate(certificado.valido_de)} até {formatDate(certificado.valido_ate)}.
        {expired
          ? ' Vencido: cadastre o novo certificado.'
          : soon
            ? ' Vence em breve: providencie o novo.'
            : ''}
      </p>
    </div>
  );
}
