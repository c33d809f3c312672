/** The funnel as a list: one row per family, newest movement first; on a phone each row is a card. */
import { etapaFunilLabels, type EtapaFunil, type Interessado } from '../../../shared/matriculas.schemas';
import { formatPhone } from '../../../shared/format';
import { Badge, type BadgeTone } from '../../components/feedback';
import { diasDesde, MoverPara } from './funil-board';
import { useMoveTo } from './funil-dialogs';

export const etapaTone: Record<EtapaFunil, BadgeTone> = {
  interessado: 'gray',
  visita: 'blue',
  pre_matricula: 'purple',
  contrato_enviado: 'yellow',
  contrato_assinado: 'yellow',
  matriculado: 'green',
  perdido: 'red',
};

export function FunilList({ familias, onOpen }: { familias: Interessado[]; onOpen: (id: string) => void }) {
  const { move, dialog, moving } = useMoveTo();
  return (
    <>
      <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">Famílias no funil de matrículas</caption>
          <thead className="hidden bg-gray-50 text-left text-xs font-semibold text-gray-600 uppercase md:table-header-group">
            <tr>
              <th scope="col" className="px-4 py-3">
                Criança
              </th>
              <th scope="col" className="px-4 py-3">
                Responsável
              </th>
              <th scope="col" className="px-4 py-3">
                Série
              </th>
              <th scope="col" className="px-4 py-3">
                Etapa
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {familias.map((familia) => (
              <tr key={familia.id} className="block p-4 md:table-row md:p-0">
                <td className="block md:table-cell md:px-4 md:py-3">
                  <button
                    type="button"
                    onClick={() => onOpen(familia.id)}
                    className="text-left font-medium text-primary-strong hover:underline"
                  >
                    {familia.aluno_nome}
                  </button>
                </td>
                <td className="block text-gray-700 md:table-cell md:px-4 md:py-3">
                  {familia.responsavel_nome}
                  <span className="block text-xs text-gray-500">{formatPhone(familia.telefone)}</span>
                </td>
                <td className="block text-gray-700 md:table-cell md:px-4 md:py-3">
                  {familia.serie} · {familia.ano_letivo}
                </td>
                <td className="block py-1 md:table-cell md:px-4 md:py-3">
                  <Badge tone={etapaTone[familia.etapa]}>{etapaFunilLabels[familia.etapa]}</Badge>
                  <span className="ml-2 text-xs text-gray-500">{diasDesde(familia.etapa_em)}</span>
                </td>
                <td className="block pt-2 md:table-cell md:w-44 md:px-4 md:py-3">
                  <MoverPara familia={familia} onMove={move} held={moving === familia.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dialog}
    </>
  );
}
