import { useState } from 'react';
import toast from 'react-hot-toast';
import { MONTH_NAMES } from '../../../shared/finance.schemas';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useAlunosFinanceiro, useGenerateMensalidades } from './finance.api';

/** 'Gerar mensalidades' for a year, one month, or one student; running it twice creates nothing twice. */
export function GenerateModal({ onClose }: { onClose: () => void }) {
  const [ano, setAno] = useState(String(new Date().getFullYear()));
  const [mes, setMes] = useState('');
  const [alunoId, setAlunoId] = useState('');
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const alunos = useAlunosFinanceiro(q);
  const generate = useGenerateMensalidades();

  const handleSubmit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    setError(null);
    generate.mutate(
      {
        ano: Number(ano),
        ...(mes ? { mes: Number(mes) } : {}),
        ...(alunoId ? { aluno_id: alunoId } : {}),
      },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? `${result.data.criadas} mensalidade(s) gerada(s).`);
          onClose();
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'Erro ao gerar mensalidades'),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={generate.isPending}
      title="Gerar mensalidades"
      description="Para cada aluno ativo matriculado em turma com mensalidade configurada. Quem entrou no meio do ano recebe só os meses restantes."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={generate.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="generate-form" loading={generate.isPending}>
            Gerar
          </Button>
        </>
      }
    >
      <form id="generate-form" onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {error && (
          <div className="sm:col-span-2">
            <ErrorBanner>{error}</ErrorBanner>
          </div>
        )}
        <InputField
          label="Ano"
          type="number"
          min={2000}
          max={2100}
          value={ano}
          onChange={(event) => setAno(event.target.value)}
        />
        <SelectField label="Mês" value={mes} onChange={(event) => setMes(event.target.value)}>
          <option value="">Ano inteiro</option>
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Buscar aluno (opcional)"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <SelectField label="Aluno" value={alunoId} onChange={(event) => setAlunoId(event.target.value)}>
          <option value="">Todos os alunos</option>
          {(alunos.data ?? []).map((aluno) => (
            <option key={aluno.id} value={aluno.id}>
              {aluno.nome}
            </option>
          ))}
        </SelectField>
      </form>
    </Modal>
  );
}
