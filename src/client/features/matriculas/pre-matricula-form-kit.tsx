/** What the pré-matrícula steps share: the draft's types, the field errors and a step's frame. */
import type { ReactNode } from 'react';
import type { DadosForm } from './pre-matricula.api';

export type Errors = Record<string, string>;
export type Responsavel = DadosForm['responsaveis'][number];

export interface StepProps {
  dados: DadosForm;
  onChange: (next: DadosForm) => void;
  errors: Errors;
}

export function StepSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="passo-titulo" className="space-y-4">
      <div>
        <h2 id="passo-titulo" className="text-lg font-semibold text-gray-900" tabIndex={-1}>
          {title}
        </h2>
        {hint && <p className="mt-1 text-sm text-gray-600">{hint}</p>}
      </div>
      {children}
    </section>
  );
}
