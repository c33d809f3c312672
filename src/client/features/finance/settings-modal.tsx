import { useState } from 'react';
import toast from 'react-hot-toast';
import type { FinanceSettings } from '../../../shared/finance.schemas';
import { formatCentavos } from '../../../shared/format';
import { parseReais } from '../../../shared/money';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import {
  useAlunosFinanceiro,
  useBolsas,
  useFinanceSettings,
  useSaveBolsa,
  useSaveFinanceSettings,
} from './finance.api';
import { centavosToInput } from './finance-ui';

function SettingsForm({ settings, onClose }: { settings: FinanceSettings; onClose: () => void }) {
  const save = useSaveFinanceSettings();
  const [pixChave, setPixChave] = useState(settings.pix_chave ?? '');
  const [beneficiario, setBeneficiario] = useState(settings.pix_beneficiario ?? '');
  const [cidade, setCidade] = useState(settings.pix_cidade ?? '');
  const [multa, setMulta] = useState(String(settings.multa_percentual).replace('.', ','));
  const [juros, setJuros] = useState(String(settings.juros_mensal_percentual).replace('.', ','));
  const [dia, setDia] = useState(String(settings.dia_vencimento_padrao));
  const [turmas, setTurmas] = useState(
    settings.turmas.map((turma) => ({
      ...turma,
      valorTexto: turma.valor_mensalidade === null ? '' : centavosToInput(turma.valor_mensalidade),
      diaTexto: turma.dia_vencimento === null ? '' : String(turma.dia_vencimento),
    })),
  );
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    setError(null);
    const turmasInput = [];
    for (const turma of turmas) {
      const valor = turma.valorTexto.trim() === '' ? null : parseReais(turma.valorTexto);
      if (turma.valorTexto.trim() !== '' && valor === null) {
        setError(`Valor inválido na turma ${turma.turma_nome}.`);
        return;
      }
      turmasInput.push({
        turma_id: turma.turma_id,
        valor_mensalidade: valor,
        dia_vencimento: turma.diaTexto === '' ? null : Number(turma.diaTexto),
      });
    }
    save.mutate(
      {
        pix_chave: pixChave,
        pix_beneficiario: beneficiario,
        pix_cidade: cidade,
        multa_percentual: Number(multa.replace(',', '.')),
        juros_mensal_percentual: Number(juros.replace(',', '.')),
        dia_vencimento_padrao: Number(dia),
        turmas: turmasInput,
        version: settings.version > 0 ? settings.version : undefined,
      },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Configurações salvas');
          onClose();
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'Erro ao salvar configurações'),
      },
    );
  };

  return (
    <form id="finance-settings-form" onSubmit={handleSubmit} noValidate className="space-y-5">
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">PIX da escola</legend>
        <InputField
          label="Chave PIX"
          value={pixChave}
          onChange={(event) => setPixChave(event.target.value)}
        />
        <InputField
          label="Beneficiário"
          maxLength={25}
          value={beneficiario}
          onChange={(event) => setBeneficiario(event.target.value)}
        />
        <InputField
          label="Cidade"
          maxLength={15}
          value={cidade}
          onChange={(event) => setCidade(event.target.value)}
        />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Atraso e vencimento</legend>
        <InputField
          label="Multa (%)"
          hint="No máximo 2% (Lei 9.870/1999)"
          inputMode="decimal"
          value={multa}
          onChange={(event) => setMulta(event.target.value)}
        />
        <InputField
          label="Juros ao mês (%)"
          hint="Cobrados pro rata die"
          inputMode="decimal"
          value={juros}
          onChange={(event) => setJuros(event.target.value)}
        />
        <InputField
          label="Dia de vencimento padrão"
          type="number"
          min={1}
          max={28}
          value={dia}
          onChange={(event) => setDia(event.target.value)}
        />
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Mensalidade por turma</legend>
        {turmas.length === 0 ? (
          <p className="text-sm text-gray-500">Nenhuma turma cadastrada ainda.</p>
        ) : (
          <div className="space-y-2">
            {turmas.map((turma, index) => (
              <div key={turma.turma_id} className="grid grid-cols-[1fr_8rem_6rem] items-end gap-2">
                <p className="pb-2 text-sm text-gray-800">
                  {turma.turma_nome} <span className="text-gray-500">({turma.alunos_count} alunos)</span>
                </p>
                <InputField
                  label={`Valor ${turma.turma_nome}`}
                  inputMode="decimal"
                  placeholder="850,00"
                  value={turma.valorTexto}
                  onChange={(event) =>
                    setTurmas((current) =>
                      current.map((item, i) =>
                        i === index ? { ...item, valorTexto: event.target.value } : item,
                      ),
                    )
                  }
                />
                <InputField
                  label={`Dia ${turma.turma_nome}`}
                  type="number"
                  min={1}
                  max={28}
                  placeholder={dia}
                  value={turma.diaTexto}
                  onChange={(event) =>
                    setTurmas((current) =>
                      current.map((item, i) =>
                        i === index ? { ...item, diaTexto: event.target.value } : item,
                      ),
                    )
                  }
                />
              </div>
            ))}
          </div>
        )}
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={save.isPending}>
          Salvar configurações
        </Button>
      </div>
    </form>
  );
}

function BolsasSection() {
  const bolsas = useBolsas();
  const [q, setQ] = useState('');
  const alunos = useAlunosFinanceiro(q);
  const [alunoId, setAlunoId] = useState('');
  const [percentual, setPercentual] = useState('');
  const [motivo, setMotivo] = useState('');
  const save = useSaveBolsa();

  const handleSave = () => {
    const value = Number(percentual.replace(',', '.'));
    if (!alunoId || Number.isNaN(value)) {
      toast.error('Escolha o aluno e o percentual');
      return;
    }
    save.mutate(
      { alunoId, percentual: value, motivo },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Bolsa salva.');
          setPercentual('');
          setMotivo('');
        },
        onError: (failure) =>
          toast.error(failure instanceof ApiError ? failure.message : 'Erro ao salvar bolsa'),
      },
    );
  };

  return (
    <section className="mt-6 border-t border-gray-200 pt-4" aria-labelledby="bolsas">
      <h3 id="bolsas" className="mb-2 text-sm font-semibold text-gray-900">
        Bolsas (desconto por aluno, aplicado ao gerar as mensalidades)
      </h3>
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_6rem_1fr_auto] sm:items-end">
        <InputField
          label="Buscar aluno"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <SelectField label="Aluno" value={alunoId} onChange={(event) => setAlunoId(event.target.value)}>
          <option value="">Selecione</option>
          {(alunos.data ?? []).map((aluno) => (
            <option key={aluno.id} value={aluno.id}>
              {aluno.nome}
              {aluno.turma_nome ? ` (${aluno.turma_nome})` : ''}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Bolsa (%)"
          inputMode="decimal"
          value={percentual}
          onChange={(event) => setPercentual(event.target.value)}
        />
        <InputField label="Motivo" value={motivo} onChange={(event) => setMotivo(event.target.value)} />
        <Button onClick={handleSave} loading={save.isPending}>
          Salvar
        </Button>
      </div>
      {bolsas.data && bolsas.data.length > 0 && (
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {bolsas.data.map((bolsa) => (
            <li key={bolsa.aluno_id} className="flex justify-between py-1.5">
              <span>
                {bolsa.aluno_nome}{' '}
                {bolsa.turma_nome ? <span className="text-gray-500">· {bolsa.turma_nome}</span> : null}
              </span>
              <span className="font-medium">
                {bolsa.percentual.toLocaleString('pt-BR')}%{bolsa.motivo ? ` · ${bolsa.motivo}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-gray-500">
        Para remover uma bolsa, salve 0%. Exemplo: {formatCentavos(85_000)} com 50% = {formatCentavos(42_500)}
        .
      </p>
    </section>
  );
}

export function FinanceSettingsModal({ onClose }: { onClose: () => void }) {
  const settings = useFinanceSettings();
  return (
    <Modal open onClose={onClose} size="xl" title="Configurações financeiras">
      {settings.isLoading ? (
        <Spinner />
      ) : settings.data ? (
        <>
          <SettingsForm settings={settings.data} onClose={onClose} />
          <BolsasSection />
        </>
      ) : (
        <ErrorBanner>Erro ao carregar configurações</ErrorBanner>
      )}
    </Modal>
  );
}
