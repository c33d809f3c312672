/** Pré-matrícula, steps 5 and 6: the payment plan, and the review before sending. */
import type { ReactNode } from 'react';
import { FileText } from 'lucide-react';
import { formatCentavos, formatDate } from '../../../shared/format';
import { parentescoLabels, sexoLabels } from '../../../shared/students.schemas';
import { descricaoDoPlano } from '../../../shared/anuidades.schemas';

import type { MatriculaOnlineView } from '../../../shared/pre-matricula.schemas';
import { Button } from '../../components/button';
import { applyMask } from '../../lib/masks';
import type { DadosForm } from './pre-matricula.api';
import { StepSection, type StepProps } from './pre-matricula-form-kit';

export function PlanoStep({ dados, onChange, errors, view }: StepProps & { view: MatriculaOnlineView }) {
  return (
    <StepSection
      title="Plano de pagamento"
      hint={`Anuidade de ${view.serie} em ${String(view.ano_letivo)}. A taxa de matrícula faz parte do valor anual.`}
    >
      {errors.plano_id && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {errors.plano_id}
        </p>
      )}
      <fieldset className="space-y-3">
        <legend className="sr-only">Escolha o plano</legend>
        {view.planos.map((plano) => (
          <label
            key={plano.id}
            htmlFor={`plano-${plano.id}`}
            className={`flex cursor-pointer gap-3 rounded-xl border p-4 ${
              dados.plano_id === plano.id ? 'border-primary bg-primary/5' : 'border-gray-200'
            }`}
          >
            <input
              id={`plano-${plano.id}`}
              type="radio"
              name="plano"
              className="mt-1 h-5 w-5"
              checked={dados.plano_id === plano.id}
              onChange={() => onChange({ ...dados, plano_id: plano.id })}
            />
            {plano.nome}: {descricaoDoPlano(plano, formatCentavos)}
            {plano.taxa_matricula_centavos > 0
              ? ` + taxa de matrícula de ${formatCentavos(plano.taxa_matricula_centavos)}`
              : ''}
            {` (total ${formatCentavos(plano.total_centavos)})`}
          </label>
        ))}
      </fieldset>
    </StepSection>
  );
}

function Line({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
      <dt className="text-sm text-gray-500 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="text-sm text-gray-900">{value || '—'}</dd>
    </div>
  );
}

export function RevisaoStep({
  dados,
  view,
  onEdit,
}: {
  dados: DadosForm;
  view: MatriculaOnlineView;
  onEdit: (step: string) => void;
}) {
  const plano = view.planos.find((item) => item.id === dados.plano_id);
  const endereco = dados.endereco;
  const block = (title: string, step: string, children: ReactNode) => (
    <div className="rounded-xl border border-gray-200 p-4">
      <div className="flex items-center justify-between">
        <h3 className="font-semibold text-gray-900">{title}</h3>
        <Button variant="ghost" onClick={() => onEdit(step)}>
          Alterar<span className="sr-only"> {title.toLowerCase()}</span>
        </Button>
      </div>
      <dl className="divide-y divide-gray-100">{children}</dl>
    </div>
  );
  return (
    <StepSection
      title="Revisão"
      hint="Confira tudo antes de enviar. Depois do envio, alterações só pela secretaria."
    >
      {block(
        'Aluno',
        'aluno',
        <>
          <Line label="Nome" value={dados.aluno.nome} />
          <Line label="Nascimento" value={formatDate(dados.aluno.data_nascimento ?? null)} />
          <Line label="Sexo" value={dados.aluno.sexo ? sexoLabels[dados.aluno.sexo] : 'Não informado'} />
          <Line label="CPF" value={dados.aluno.cpf ? applyMask('cpf', dados.aluno.cpf) : ''} />
        </>,
      )}
      {block(
        'Responsáveis',
        'responsaveis',
        dados.responsaveis.map((responsavel, index) => (
          <Line
            key={index}
            label={responsavel.financeiro ? 'Financeiro' : `Responsável ${String(index + 1)}`}
            value={[
              responsavel.nome,
              responsavel.parentesco ? parentescoLabels[responsavel.parentesco] : '',
              responsavel.cpf ? applyMask('cpf', responsavel.cpf) : '',
              responsavel.telefone ? applyMask('phone', responsavel.telefone) : '',
              responsavel.email ?? '',
              responsavel.responsavel_id && !(responsavel.cpf && responsavel.telefone && responsavel.email)
                ? 'demais dados: os do cadastro da escola'
                : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        )),
      )}
      {block(
        'Endereço',
        'endereco',
        <Line
          label="Endereço"
          value={[
            [endereco.logradouro, endereco.numero].filter(Boolean).join(', '),
            endereco.complemento,
            endereco.bairro,
            [endereco.cidade, endereco.uf].filter(Boolean).join('/'),
            endereco.cep ? `CEP ${applyMask('cep', endereco.cep)}` : '',
          ]
            .filter(Boolean)
            .join(' - ')}
        />,
      )}
      {view.documentos_exigidos.length > 0 &&
        block(
          'Documentos',
          'documentos',
          view.documentos_exigidos.map((exigido) => {
            const enviado = view.documentos.some((documento) => documento.tipo === exigido.id);
            return (
              <Line
                key={exigido.id}
                label={exigido.nome}
                value={
                  enviado ? (
                    <span className="inline-flex items-center gap-1 text-green-700">
                      <FileText className="h-4 w-4" aria-hidden="true" /> Enviado
                    </span>
                  ) : exigido.obrigatorio ? (
                    <span className="text-red-700">Falta enviar</span>
                  ) : (
                    'Não enviado (opcional)'
                  )
                }
              />
            );
          }),
        )}
      {view.planos.length > 0 &&
        block(
          'Plano',
          'plano',
          <>
            <Line
              label="Plano"
              value={plano ? `${plano.nome}: ${descricaoDoPlano(plano, formatCentavos)}` : ''}
            />
            {plano && (
              <Line
                label="Taxa de matrícula"
                value={
                  plano.taxa_matricula_centavos > 0
                    ? formatCentavos(plano.taxa_matricula_centavos)
                    : 'Sem taxa de matrícula'
                }
              />
            )}
            {plano && <Line label="Total no ano" value={formatCentavos(plano.total_centavos)} />}
            {dados.dia_vencimento != null && (
              <Line label="Vencimento" value={`Dia ${String(dados.dia_vencimento)}`} />
            )}
          </>,
        )}
      {/* LGPD art. 14 §6: before sending a child's data and documents, where the school says how it
          treats them and how to ask for access, correction or deletion (a new tab keeps the form). */}
      <p className="text-sm text-gray-600">
        Como a escola trata estes dados — os seus e os de {view.aluno_primeiro_nome} — e como pedir acesso,
        correção ou exclusão:{' '}
        <a
          href="/privacidade"
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-primary-strong underline underline-offset-2"
        >
          Aviso de Privacidade<span className="sr-only"> (abre em nova aba)</span>
        </a>
        .
      </p>
    </StepSection>
  );
}
