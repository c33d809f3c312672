/** 'Enviar retorno do banco' (issue 36 §1): choose or drop the bank's file, and what it did. */
import { useRef, useState, type DragEvent } from 'react';
import toast from 'react-hot-toast';
import { FileUp } from 'lucide-react';
import type { CnabRetornoResult } from '../../../shared/cnab.schemas';
import { formatCentavos, formatCount } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useEnviarRetorno } from './boletos.api';
import { Card } from './boletos-card';

function resultadoTexto(result: CnabRetornoResult): string[] {
  return [
    formatCount(
      result.liquidados,
      'boleto pago (mensalidade quitada)',
      'boletos pagos (mensalidades quitadas)',
    ),
    formatCount(result.confirmados, 'registro confirmado pelo banco', 'registros confirmados pelo banco'),
    ...(result.baixados > 0 ? [formatCount(result.baixados, 'baixa confirmada', 'baixas confirmadas')] : []),
    formatCount(result.rejeitados.length, 'boleto rejeitado', 'boletos rejeitados'),
    formatCount(result.nao_encontrados.length, 'linha a conciliar', 'linhas a conciliar'),
    ...(result.tarifas > 0
      ? [`Tarifas do banco lançadas como despesa: ${formatCentavos(result.tarifas)}`]
      : []),
  ];
}

export function RetornoCard() {
  const enviar = useEnviarRetorno();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ data: CnabRetornoResult; message?: string | undefined } | null>(
    null,
  );
  const send = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setResult(null);
    enviar.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer);
        toast.success(answer.message ?? 'Retorno processado.');
      },
      onError: (failure) => setError(failure.message),
    });
  };
  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };
  return (
    <Card id="retorno-titulo" title="Enviar retorno do banco">
      <div className="space-y-3 p-4">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={handleDrop}
          className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? 'border-primary bg-blue-50' : 'border-gray-300'}`}
        >
          <FileUp className="mx-auto h-8 w-8 text-gray-400" aria-hidden="true" />
          <p className="mt-2 text-sm text-gray-700">
            Arraste aqui o arquivo de retorno (CNAB 240) que o banco disponibiliza, ou escolha-o.
          </p>
          <div className="mt-3">
            <input
              ref={input}
              type="file"
              accept=".ret,.txt,.RET,.TXT,text/plain"
              className="sr-only"
              tabIndex={-1}
              aria-label="Arquivo de retorno do banco"
              disabled={enviar.isPending}
              onChange={(event) => {
                send(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button type="button" onClick={() => input.current?.click()} loading={enviar.isPending}>
              <FileUp className="h-4 w-4" aria-hidden="true" /> Escolher arquivo de retorno
            </Button>
          </div>
        </div>
        {enviar.isPending && <Spinner label="Processando o retorno…" />}
        {error && <ErrorBanner>{error}</ErrorBanner>}
        {result && (
          <div
            role="status"
            data-testid="retorno-resultado"
            className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900"
          >
            <p className="font-medium">{result.message}</p>
            <ul className="mt-1 list-inside list-disc">
              {resultadoTexto(result.data).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {result.data.rejeitados.length > 0 && (
              <ul className="mt-2 space-y-1" aria-label="Rejeitados neste retorno">
                {result.data.rejeitados.map((item) => (
                  <li key={`${item.linha}`}>
                    Linha {item.linha}, nosso número {item.nosso_numero}: {item.motivo}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
