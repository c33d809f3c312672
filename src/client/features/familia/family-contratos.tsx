/**
 * The family's signed enrolment contracts (matrícula online, issue 34): each with its verification code
 * and the signed PDF (with the manifesto page). Nothing is shown while the family has none.
 */
import { useQuery } from '@tanstack/react-query';
import { Download, FileSignature } from 'lucide-react';
import { contratoFamiliaSchema, type ContratoFamilia } from '../../../shared/contratos.schemas';
import { formatDate } from '../../../shared/format';
import { Button } from '../../components/button';
import { api, downloadFile } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const URL = '/api/matriculas/contratos/familia';

export function FamilyContratos() {
  const contratos = useQuery({
    queryKey: [...keyRoots.matriculas, 'contratos-familia'],
    queryFn: async () => contratoFamiliaSchema.array().parse(await api<ContratoFamilia[]>(URL)),
  });
  if (!contratos.data || contratos.data.length === 0) return null;
  return (
    <section
      aria-labelledby="contratos-familia"
      className="mt-6 rounded-xl border border-gray-200 bg-white p-4 sm:p-6"
    >
      <h2 id="contratos-familia" className="flex items-center gap-2 font-semibold text-gray-900">
        <FileSignature className="h-5 w-5" aria-hidden="true" /> Contratos de matrícula assinados
      </h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {contratos.data.map((contrato) => (
          <li key={contrato.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <span>
              <span className="font-medium text-gray-900">
                {contrato.aluno} — {contrato.serie}, {contrato.ano_letivo}
              </span>
              <span className="block text-gray-600">
                Assinado em {formatDate(contrato.assinado_em)} · código{' '}
                <span className="whitespace-nowrap">{contrato.codigo_validacao}</span>
              </span>
            </span>
            <Button
              variant="secondary"
              onClick={() => void downloadFile(`${URL}/${contrato.id}/pdf`, 'contrato-assinado.pdf')}
            >
              <Download className="h-4 w-4" aria-hidden="true" /> Baixar PDF
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
