import { AlertTriangle, Info } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes';
import { useAvisosAnuidades } from '../../domain/anuidades-avisos.api';

/**
 * The Lei 9.870 warnings (art. 2º: values, contract and places published 45 days before the enrolment
 * deadline) for the funnel page: nothing when all is in order or while loading.
 */
export function AnuidadesAvisos() {
  const avisos = useAvisosAnuidades();
  if (!avisos.data || avisos.data.length === 0) return null;
  return (
    <section aria-label="Avisos da Lei 9.870" className="mb-4 space-y-2">
      {avisos.data.map((aviso) => (
        <p
          key={`${aviso.tipo}-${String(aviso.ano_letivo)}`}
          className={`flex gap-2 rounded-lg border px-3 py-2 text-sm ${aviso.nivel === 'alerta' ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-blue-200 bg-blue-50 text-blue-900'}`}
        >
          {aviso.nivel === 'alerta' ? (
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          ) : (
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          )}
          <span>
            {aviso.mensagem}{' '}
            <Link to={`${paths.settings}?aba=matricula`} className="font-medium underline">
              Abrir anuidades
            </Link>
          </span>
        </p>
      ))}
    </section>
  );
}
