import { Printer } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useProcessingRegister } from './register.api';

/**
 * The 'Registro das operações de tratamento' (LGPD art. 37), as the server generates it from the schema,
 * the roles' permissions and the retention settings; printable for an inspection.
 */
export function ProcessingRegisterView({ schoolName }: { schoolName?: string | undefined }) {
  const register = useProcessingRegister();
  if (register.isPending) return <Spinner label="Gerando o registro..." />;
  if (register.isError)
    return <ErrorBanner>Erro ao gerar o registro das operações de tratamento.</ErrorBanner>;
  const { entradas, gerado_em: geradoEm } = register.data;
  return (
    <article aria-labelledby="registro-titulo" className="space-y-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="registro-titulo" className="text-lg font-semibold text-gray-900">
            Registro das operações de tratamento de dados pessoais
          </h2>
          <p className="text-sm text-gray-600">
            {schoolName ? `${schoolName} · ` : ''}LGPD, art. 37 · gerado em {formatDateTime(geradoEm)} a
            partir do cadastro do sistema, dos perfis de acesso e dos prazos de retenção em Configurações.
          </p>
        </div>
        <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Imprimir
        </Button>
      </header>
      <ol className="space-y-3">
        {entradas.map((entrada, index) => (
          <li
            key={entrada.categoria}
            className="break-inside-avoid rounded-xl border border-gray-200 bg-white p-4 print:rounded-none print:border-gray-400"
          >
            <h3 className="font-semibold text-gray-900">
              {index + 1}. {entrada.categoria}
            </h3>
            <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm md:grid-cols-[12rem_1fr]">
              <dt className="font-medium text-gray-600">Titulares</dt>
              <dd className="text-gray-900">{entrada.titulares}</dd>
              <dt className="font-medium text-gray-600">Dados</dt>
              <dd className="text-gray-900">
                <ul className="space-y-0.5">
                  {entrada.dados.map((dado) => (
                    <li key={dado.tabela}>
                      <span className="font-mono text-xs text-gray-600">{dado.tabela}</span>:{' '}
                      {dado.colunas.join(', ')}
                    </li>
                  ))}
                </ul>
              </dd>
              <dt className="font-medium text-gray-600">Finalidade</dt>
              <dd className="text-gray-900">{entrada.finalidade}</dd>
              <dt className="font-medium text-gray-600">Base legal</dt>
              <dd className="text-gray-900">{entrada.base_legal}</dd>
              <dt className="font-medium text-gray-600">Quem acessa</dt>
              <dd className="text-gray-900">
                {entrada.acesso.length === 0 ? (
                  'Só o próprio sistema'
                ) : (
                  <ul className="space-y-0.5">
                    {entrada.acesso.map((acesso) => (
                      <li key={acesso.perfil}>
                        <span className="font-medium">{acesso.perfil}</span>: {acesso.permissoes.join('; ')}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt className="font-medium text-gray-600">Por quanto tempo</dt>
              <dd className="text-gray-900">{entrada.retencao}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </article>
  );
}
