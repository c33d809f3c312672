import { useId, useState, type SyntheticEvent } from 'react';
import { Upload } from 'lucide-react';
import type { ImportacaoIdsResultado } from '../../../shared/censo.schemas';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { FileField } from '../../components/file-field';
import { ApiError } from '../../lib/api-client';
import { useImportarIds } from './censo-painel.api';

function Lista({ titulo, itens }: { titulo: string; itens: string[] }) {
  if (itens.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold text-gray-900">
        {titulo} ({itens.length})
      </h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-gray-700">
        {itens.map((item, index) => (
          <li key={`${item}-${String(index)}`}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** '1 aluno', '3 alunos', '0 alunos'. */
const contar = (n: number, um: string, varios: string) => `${String(n)} ${n === 1 ? um : varios}`;

function Resultado({ resultado }: { resultado: ImportacaoIdsResultado }) {
  const v = resultado.vinculados;
  return (
    <div role="status" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
      <p className="text-sm text-gray-800">
        Vinculados: {contar(v.alunos, 'aluno', 'alunos')},{' '}
        {contar(v.profissionais, 'profissional', 'profissionais')}, {contar(v.turmas, 'turma', 'turmas')} e{' '}
        {contar(v.matriculas, 'matrícula', 'matrículas')}.{' '}
        {resultado.inalterados > 0 && `${String(resultado.inalterados)} já tinham o mesmo ID.`}
      </p>
      {!resultado.escola.confere && (
        <ErrorBanner>O código INEP da escola no arquivo não confere com o cadastrado.</ErrorBanner>
      )}
      <Lista
        titulo="Não encontrados no sistema"
        itens={resultado.nao_encontrados.map(
          (item) => `Registro ${item.registro}: código ${item.codigo}${item.nome ? ` (${item.nome})` : ''}`,
        )}
      />
      <Lista
        titulo="Divergentes (nada foi alterado: confira e corrija à mão)"
        itens={resultado.divergentes.map(
          (item) => `${item.nome}: no sistema ${item.inep_atual}, no arquivo ${item.inep_arquivo}`,
        )}
      />
      <Lista
        titulo="Possíveis pessoas duplicadas"
        itens={resultado.duplicados.map((item) => `ID ${item.inep_id}: ${item.nomes.join(', ')}`)}
      />
    </div>
  );
}

/** The import of the file the Educacenso site gives back: INEP's IDs for people, classes and enrolments. */
export function PainelImportacao({ ano }: { ano: number }) {
  const importar = useImportarIds(ano);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const inputId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (arquivo) importar.mutate(arquivo);
  };
  return (
    <section
      id="importar-ids"
      aria-labelledby="importar-ids-titulo"
      className="space-y-3 border-t border-gray-200 pt-6"
    >
      <div>
        <h2 id="importar-ids-titulo" className="text-lg font-semibold text-gray-900">
          Importar IDs do INEP
        </h2>
        <p className="text-sm text-gray-600">
          Envie o arquivo que o Educacenso devolve (ou a exportação do ano anterior): o sistema guarda o ID do
          INEP de cada aluno, profissional, turma e matrícula e mostra o que não conferiu.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FileField
          id={inputId}
          label="Arquivo do Educacenso (.txt)"
          fileName={arquivo?.name ?? null}
          input={{
            accept: '.txt,text/plain',
            onChange: (event) => setArquivo(event.target.files?.[0] ?? null),
          }}
        />
        <Button type="submit" disabled={!arquivo} loading={importar.isPending}>
          <Upload className="h-4 w-4" aria-hidden="true" /> Importar
        </Button>
      </form>
      {importar.isError && (
        <ErrorBanner>
          {importar.error instanceof ApiError && importar.error.message
            ? importar.error.message
            : 'Não foi possível importar o arquivo.'}
        </ErrorBanner>
      )}
      {importar.data && <Resultado resultado={importar.data.data} />}
    </section>
  );
}
