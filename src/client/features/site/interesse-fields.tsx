/** The interest form's pieces (interesse-section.tsx): a labelled field with its error, the choices. */
import type { ReactNode } from 'react';

/** Where a family found the school: the same codes as `origensInteressado` (shared/matriculas.schemas). */
export const origens: [string, string][] = [
  ['indicacao', 'Indicação de amigos ou familiares'],
  ['google', 'Pesquisa na internet'],
  ['redes_sociais', 'Redes sociais'],
  ['passou_em_frente', 'Passei em frente à escola'],
  ['evento', 'Evento ou feira'],
  ['outro', 'Outro'],
];

export const CONSENTIMENTO_TEXTO =
  'Autorizo a escola a usar os dados da criança informados acima (nome e data de nascimento) para entrar em contato comigo sobre visita e matrícula. Posso pedir a exclusão a qualquer momento.';

export const input =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 focus:border-primary-strong focus:ring-2 focus:ring-primary-strong/30 focus:outline-none dark:border-gray-600 dark:bg-gray-800 dark:text-white aria-invalid:border-red-600';

export function Field({
  id,
  label,
  error,
  optional = false,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
        {optional && <span className="font-normal text-gray-500 dark:text-gray-400"> (opcional)</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-erro`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The specific, highlighted consent for the child's data (LGPD art. 14 § 1º): unticked, with the link
 * to the privacy notice; the form sends nothing without it.
 */
export function ConsentBox({ id, error }: { id: string; error: string | undefined }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950">
      <div className="flex gap-3">
        <input
          id={id}
          name="consentimento"
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 rounded border-gray-400"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-ajuda${error ? ` ${id}-erro` : ''}`}
        />
        <label htmlFor={id} className="text-sm text-gray-900 dark:text-gray-100">
          <strong>Autorização para os dados da criança (LGPD, art. 14).</strong> {CONSENTIMENTO_TEXTO}
        </label>
      </div>
      <p id={`${id}-ajuda`} className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        Sem esta autorização nada é guardado. Saiba como a escola trata os dados no{' '}
        <a href="/privacidade" className="font-medium text-primary-strong underline underline-offset-2">
          Aviso de Privacidade
        </a>
        .
      </p>
      {error && (
        <p id={`${id}-erro`} className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
