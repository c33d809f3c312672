/**
 * What the family filled in the pré-matrícula, for the secretaria to review before sending the contract:
 * the student, each guardian (parentesco, CPF, contacts, who signs and pays), the address and the plan.
 * Read-only and in full (the people who may open the funnel need every field to check the contract);
 * on a phone each field stacks under its label. An e-mail the school must confirm before the contract
 * (a rematrícula's other guardian with none on file, ADR 0116) says so under it, and so does a birth date
 * that does not go with the série (ADR 0134: a word to check with the certidão, never a refusal).
 */
import type { ReactNode } from 'react';
import { descricaoDoPlano } from '../../../shared/anuidades.schemas';
import { formatCentavos, formatDate, formatPhone } from '../../../shared/format';
import { formatCep, formatEnderecoLinha } from '../../../shared/endereco.schemas';
import type { PreMatriculaResumo } from '../../../shared/pre-matricula.schemas';
import { parentescoLabels, sexoLabels } from '../../../shared/students.schemas';
import { formatCpf } from '../../../shared/validators';

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-gray-500 sm:w-36 sm:shrink-0">{label}</dt>
      <dd className="text-sm break-words text-gray-900">{children || '—'}</dd>
    </div>
  );
}

function Bloco({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 p-3">
      <h4 className="text-sm font-semibold text-gray-900">{title}</h4>
      <dl className="divide-y divide-gray-100">{children}</dl>
    </div>
  );
}

export function DadosEnviados({ resumo }: { resumo: PreMatriculaResumo }) {
  const { aluno, endereco, responsaveis } = resumo.dados;
  const plano = resumo.plano;
  const linha = formatEnderecoLinha({ ...endereco, cep: endereco.cep ? formatCep(endereco.cep) : '' });
  return (
    <section aria-labelledby="dados-enviados" className="space-y-3">
      <h3 id="dados-enviados" className="text-sm font-semibold text-gray-900">
        Dados preenchidos pela família
      </h3>
      <Bloco title="Aluno">
        <Campo label="Nome">{aluno.nome}</Campo>
        <Campo label="Nascimento">
          {aluno.data_nascimento ? formatDate(aluno.data_nascimento) : ''}
          {resumo.aviso_idade && <span className="mt-1 block text-amber-800">{resumo.aviso_idade}</span>}
        </Campo>
        <Campo label="Sexo">{aluno.sexo ? sexoLabels[aluno.sexo] : 'Não informado'}</Campo>
        <Campo label="CPF">{aluno.cpf ? formatCpf(aluno.cpf) : 'Não informado'}</Campo>
      </Bloco>
      {responsaveis.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhum responsável informado ainda.</p>
      ) : (
        responsaveis.map((responsavel, index) => (
          <Bloco
            key={index}
            title={`Responsável ${String(index + 1)}${responsavel.financeiro ? ' — financeiro (assina e paga)' : ''}`}
          >
            <Campo label="Nome">{responsavel.nome}</Campo>
            <Campo label="Parentesco">
              {responsavel.parentesco ? parentescoLabels[responsavel.parentesco] : ''}
            </Campo>
            <Campo label="CPF">{responsavel.cpf ? formatCpf(responsavel.cpf) : ''}</Campo>
            <Campo label="Telefone">{responsavel.telefone ? formatPhone(responsavel.telefone) : ''}</Campo>
            <Campo label="E-mail">
              {responsavel.email && (
                <>
                  {responsavel.email}
                  {resumo.emails_a_confirmar.includes(index) && (
                    <span className="mt-1 block text-amber-800">
                      Informado pela família e não está no cadastro: confirme com {responsavel.nome} e
                      registre-o no cadastro do responsável antes de enviar o contrato.
                    </span>
                  )}
                </>
              )}
            </Campo>
          </Bloco>
        ))
      )}
      <Bloco title="Endereço">
        <Campo label="Endereço">{linha}</Campo>
      </Bloco>
      <Bloco title="Plano de pagamento">
        <Campo label="Plano">
          {plano
            ? `${plano.nome}: ${descricaoDoPlano(plano, formatCentavos)}`
            : resumo.dados.plano_id
              ? 'Plano escolhido não está mais disponível'
              : 'Não escolhido'}
        </Campo>
        {plano && (
          <Campo label="Taxa de matrícula">
            {plano.taxa_matricula_centavos > 0
              ? formatCentavos(plano.taxa_matricula_centavos)
              : 'Sem taxa de matrícula'}
          </Campo>
        )}
        {plano && <Campo label="Total no ano">{formatCentavos(plano.total_centavos)}</Campo>}
        {resumo.dados.dia_vencimento != null && (
          <Campo label="Vencimento">Dia {resumo.dados.dia_vencimento}</Campo>
        )}
      </Bloco>
      {resumo.dados.observacoes && (
        <Bloco title="Observações">
          <Campo label="Observações">{resumo.dados.observacoes}</Campo>
        </Bloco>
      )}
    </section>
  );
}
