/** The steps of the family's pré-matrícula form (PreMatriculaPage holds the data and the saving). */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CheckCircle2, FileText, Plus, Trash2, Upload } from 'lucide-react';
import { formatCentavos, formatDate } from '../../../shared/format';
import type {
  DocumentoExigido,
  MatriculaOnlineView,
  PreMatriculaDocumento,
} from '../../../shared/matriculas.schemas';
import { parentescoLabels, parentescos, sexoLabels, sexos } from '../../../shared/students.schemas';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { MaskedInput } from '../../components/masked-input';
import { ApiError } from '../../lib/api-client';
import { applyMask } from '../../lib/masks';
import { buscarCep, enviarDocumento, type DadosForm } from './pre-matricula.api';

export type Errors = Record<string, string>;
type Responsavel = DadosForm['responsaveis'][number];

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

export function AlunoStep({ dados, onChange, errors }: StepProps) {
  const aluno = dados.aluno;
  const set = (patch: Partial<DadosForm['aluno']>) => onChange({ ...dados, aluno: { ...aluno, ...patch } });
  return (
    <StepSection title="Dados do aluno" hint="Como estão na certidão de nascimento.">
      <InputField
        label="Nome completo"
        required
        autoComplete="off"
        value={aluno.nome}
        maxLength={120}
        error={errors['aluno.nome']}
        onChange={(event) => set({ nome: event.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Data de nascimento"
          type="date"
          required
          value={aluno.data_nascimento ?? ''}
          error={errors['aluno.data_nascimento']}
          onChange={(event) => set({ data_nascimento: event.target.value || null })}
        />
        <SelectField
          label="Sexo"
          value={aluno.sexo ?? ''}
          error={errors['aluno.sexo']}
          onChange={(event) => set({ sexo: (event.target.value || null) as DadosForm['aluno']['sexo'] })}
        >
          <option value="">Não informar</option>
          {sexos.map((sexo) => (
            <option key={sexo} value={sexo}>
              {sexoLabels[sexo]}
            </option>
          ))}
        </SelectField>
      </div>
      <MaskedInput
        label="CPF do aluno"
        hint="Opcional: muitas crianças ainda não têm."
        mask="cpf"
        value={applyMask('cpf', aluno.cpf ?? '')}
        error={errors['aluno.cpf']}
        onValueChange={(value) => set({ cpf: value })}
      />
    </StepSection>
  );
}

const vazio: Responsavel = {
  nome: '',
  cpf: '',
  email: '',
  telefone: '',
  parentesco: null,
  financeiro: false,
};

export function ResponsaveisStep({ dados, onChange, errors }: StepProps) {
  const list = dados.responsaveis;
  const setAt = (index: number, patch: Partial<Responsavel>) =>
    onChange({
      ...dados,
      responsaveis: list.map((item, at) =>
        at === index
          ? { ...item, ...patch }
          : patch.financeiro === true
            ? { ...item, financeiro: false }
            : item,
      ),
    });
  return (
    <StepSection
      title="Responsáveis"
      hint="Indique quem é o responsável financeiro: quem assina o contrato e paga as mensalidades."
    >
      {errors.responsaveis && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {errors.responsaveis}
        </p>
      )}
      {list.map((responsavel, index) => {
        const at = (field: string) => errors[`responsaveis.${String(index)}.${field}`];
        return (
          <fieldset key={index} className="space-y-4 rounded-xl border border-gray-200 p-4">
            <legend className="px-1 text-sm font-semibold text-gray-800">
              Responsável {index + 1}
              {responsavel.financeiro ? ' (financeiro)' : ''}
            </legend>
            <InputField
              label="Nome completo"
              required
              value={responsavel.nome}
              maxLength={120}
              error={at('nome')}
              onChange={(event) => setAt(index, { nome: event.target.value })}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Parentesco"
                required
                value={responsavel.parentesco ?? ''}
                error={at('parentesco')}
                onChange={(event) =>
                  setAt(index, { parentesco: (event.target.value || null) as Responsavel['parentesco'] })
                }
              >
                <option value="">Selecione</option>
                {parentescos.map((parentesco) => (
                  <option key={parentesco} value={parentesco}>
                    {parentescoLabels[parentesco]}
                  </option>
                ))}
              </SelectField>
              <MaskedInput
                label="Telefone"
                required
                mask="phone"
                value={applyMask('phone', responsavel.telefone ?? '')}
                error={at('telefone')}
                onValueChange={(value) => setAt(index, { telefone: value })}
              />
              <MaskedInput
                label="CPF"
                required={responsavel.financeiro}
                mask="cpf"
                value={applyMask('cpf', responsavel.cpf ?? '')}
                error={at('cpf')}
                onValueChange={(value) => setAt(index, { cpf: value })}
              />
              <InputField
                label="E-mail"
                type="email"
                inputMode="email"
                autoComplete="email"
                required={responsavel.financeiro}
                value={responsavel.email ?? ''}
                error={at('email')}
                hint={
                  responsavel.financeiro ? 'O contrato e o acesso ao portal chegam neste e-mail.' : undefined
                }
                onChange={(event) => setAt(index, { email: event.target.value })}
              />
            </div>
            <label className="flex min-h-10 items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name="responsavel-financeiro"
                className="h-5 w-5"
                checked={responsavel.financeiro}
                onChange={() => setAt(index, { financeiro: true })}
              />
              Este é o responsável financeiro
            </label>
            {list.length > 1 && (
              <Button
                variant="ghost"
                className="text-red-700"
                onClick={() => onChange({ ...dados, responsaveis: list.filter((_, at) => at !== index) })}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Remover responsável {index + 1}
              </Button>
            )}
          </fieldset>
        );
      })}
      {list.length < 4 && (
        <Button
          variant="secondary"
          onClick={() =>
            onChange({ ...dados, responsaveis: [...list, { ...vazio, financeiro: list.length === 0 }] })
          }
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar responsável
        </Button>
      )}
    </StepSection>
  );
}

export function EnderecoStep({
  dados,
  onChange,
  errors,
  token,
  consultaCep,
}: StepProps & { token: string; consultaCep: boolean }) {
  const endereco = dados.endereco;
  const set = (patch: Partial<DadosForm['endereco']>) =>
    onChange({ ...dados, endereco: { ...endereco, ...patch } });
  const [status, setStatus] = useState<string | undefined>(undefined);
  const latest = useRef(dados);
  latest.current = dados;
  const digits = endereco.cep.replace(/\D/g, '');

  useEffect(() => {
    if (!consultaCep || digits.length !== 8) return;
    let active = true;
    setStatus('Buscando endereço...');
    buscarCep(token, digits).then(
      (found) => {
        if (!active) return;
        const current = latest.current;
        // Only empty fields are filled: what the family typed stays.
        onChange({
          ...current,
          endereco: {
            ...current.endereco,
            logradouro: current.endereco.logradouro || found.logradouro,
            bairro: current.endereco.bairro || found.bairro,
            cidade: current.endereco.cidade || found.cidade,
            uf: current.endereco.uf || found.uf,
          },
        });
        setStatus('Endereço encontrado. Confira e complete o número.');
      },
      (error: unknown) => {
        if (active) setStatus(error instanceof ApiError ? error.message : 'Preencha o endereço.');
      },
    );
    return () => {
      active = false;
    };
    // Looks up once per CEP typed; onChange reads the latest data through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [digits, consultaCep, token]);

  return (
    <StepSection
      title="Endereço"
      hint={consultaCep ? 'Digite o CEP: preenchemos o resto para você conferir.' : undefined}
    >
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <MaskedInput
          label="CEP"
          required
          mask="cep"
          value={applyMask('cep', endereco.cep)}
          error={errors['endereco.cep']}
          hint={status}
          onValueChange={(value) => set({ cep: value })}
        />
        <InputField
          label="Rua (logradouro)"
          required
          autoComplete="address-line1"
          value={endereco.logradouro}
          maxLength={200}
          error={errors['endereco.logradouro']}
          onChange={(event) => set({ logradouro: event.target.value })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Número"
          required
          inputMode="text"
          value={endereco.numero}
          maxLength={20}
          error={errors['endereco.numero']}
          onChange={(event) => set({ numero: event.target.value })}
        />
        <InputField
          label="Complemento"
          value={endereco.complemento}
          maxLength={100}
          onChange={(event) => set({ complemento: event.target.value })}
        />
        <InputField
          label="Bairro"
          required
          value={endereco.bairro}
          maxLength={100}
          error={errors['endereco.bairro']}
          onChange={(event) => set({ bairro: event.target.value })}
        />
        <div className="grid grid-cols-[1fr_5rem] gap-4">
          <InputField
            label="Cidade"
            required
            value={endereco.cidade}
            maxLength={100}
            error={errors['endereco.cidade']}
            onChange={(event) => set({ cidade: event.target.value })}
          />
          <InputField
            label="UF"
            required
            value={endereco.uf}
            maxLength={2}
            error={errors['endereco.uf']}
            onChange={(event) => set({ uf: event.target.value.toUpperCase() })}
          />
        </div>
      </div>
    </StepSection>
  );
}

const tamanho = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`
    : `${String(Math.max(1, Math.round(bytes / 1024)))} KB`;

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

function DocumentoItem({
  token,
  exigido,
  enviado,
  maxBytes,
  error,
  onSent,
  onRemove,
}: {
  token: string;
  exigido: DocumentoExigido;
  enviado: PreMatriculaDocumento | undefined;
  maxBytes: number;
  error: string | undefined;
  onSent: (documento: PreMatriculaDocumento) => void;
  onRemove: (documento: PreMatriculaDocumento) => Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [removing, setRemoving] = useState(false);
  const inputId = `documento-${exigido.id}`;

  const send = (file: File) => {
    setProblem(undefined);
    if (file.size > maxBytes) {
      setProblem(`O arquivo tem ${tamanho(file.size)}; o limite é ${tamanho(maxBytes)}.`);
      return;
    }
    setProgress(0);
    enviarDocumento(token, exigido.id, file, setProgress).then(
      (documento) => {
        setProgress(null);
        onSent(documento);
      },
      (failure: unknown) => {
        setProgress(null);
        setProblem(failure instanceof ApiError ? failure.message : 'Não foi possível enviar. Tente de novo.');
      },
    );
  };
  const message = problem ?? (enviado ? undefined : error);

  return (
    <li className="rounded-xl border border-gray-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-gray-900">
            {exigido.nome}
            <span className="ml-2 text-xs font-normal text-gray-500">
              {exigido.obrigatorio ? 'obrigatório' : 'opcional'}
            </span>
          </p>
          {enviado ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-green-700">
              <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="truncate">
                {enviado.nome} ({tamanho(enviado.tamanho)})
              </span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-gray-500">PDF ou foto (JPEG ou PNG), até {tamanho(maxBytes)}.</p>
          )}
        </div>
        <div className="flex gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-describedby={message ? `${inputId}-erro` : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) send(file);
            }}
          />
          <Button variant="secondary" loading={progress !== null} onClick={() => input.current?.click()}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {enviado ? 'Trocar' : 'Enviar arquivo'}
            <span className="sr-only">: {exigido.nome}</span>
          </Button>
          {enviado && (
            <Button
              variant="ghost"
              className="text-red-700"
              loading={removing}
              onClick={() => {
                setRemoving(true);
                void onRemove(enviado).finally(() => setRemoving(false));
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">Remover {exigido.nome}</span>
            </Button>
          )}
        </div>
      </div>
      {progress !== null && (
        <div className="mt-3">
          <progress
            className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-primary"
            value={progress}
            max={1}
            aria-label={`Enviando ${exigido.nome}`}
          />
          <p className="mt-1 text-xs text-gray-600">Enviando… {Math.round(progress * 100)}%</p>
        </div>
      )}
      {message && (
        <p id={`${inputId}-erro`} role="alert" className="mt-2 text-sm text-red-600">
          {message}
        </p>
      )}
    </li>
  );
}

export function DocumentosStep({
  view,
  token,
  errors,
  onSent,
  onRemove,
}: {
  view: MatriculaOnlineView;
  token: string;
  errors: Errors;
  onSent: (documento: PreMatriculaDocumento) => void;
  onRemove: (documento: PreMatriculaDocumento) => Promise<void>;
}) {
  if (view.documentos_exigidos.length === 0)
    return (
      <StepSection title="Documentos">
        <p className="text-sm text-gray-600">A escola não pediu documentos pelo formulário.</p>
      </StepSection>
    );
  return (
    <StepSection
      title="Documentos"
      hint="Uma foto nítida de cada página serve. Os arquivos ficam guardados só para a secretaria da escola."
    >
      <ul className="space-y-3">
        {view.documentos_exigidos.map((exigido) => (
          <DocumentoItem
            key={exigido.id}
            token={token}
            exigido={exigido}
            enviado={view.documentos.find((documento) => documento.tipo === exigido.id)}
            maxBytes={view.documento_max_bytes}
            error={errors[`documentos.${exigido.id}`]}
            onSent={onSent}
            onRemove={onRemove}
          />
        ))}
      </ul>
    </StepSection>
  );
}

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
            className={`flex cursor-pointer gap-3 rounded-xl border p-4 ${
              dados.plano_id === plano.id ? 'border-primary bg-primary/5' : 'border-gray-200'
            }`}
          >
            <input
              type="radio"
              name="plano"
              className="mt-1 h-5 w-5"
              checked={dados.plano_id === plano.id}
              onChange={() => onChange({ ...dados, plano_id: plano.id })}
            />
            <span>
              <span className="block font-medium text-gray-900">{plano.nome}</span>
              <span className="block text-sm text-gray-700">
                {plano.parcelas}× de {formatCentavos(plano.valor_parcela_centavos)}
                {plano.taxa_matricula_centavos > 0
                  ? ` + taxa de matrícula de ${formatCentavos(plano.taxa_matricula_centavos)}`
                  : ''}
              </span>
              <span className="block text-xs text-gray-500">
                Total: {formatCentavos(plano.total_centavos)}
              </span>
            </span>
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
              responsavel.cpf ? applyMask('cpf', responsavel.cpf) : '',
              responsavel.telefone ? applyMask('phone', responsavel.telefone) : '',
              responsavel.email ?? '',
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
          <Line
            label="Plano"
            value={
              plano
                ? `${plano.nome}: ${String(plano.parcelas)}× de ${formatCentavos(plano.valor_parcela_centavos)}`
                : ''
            }
          />,
        )}
    </StepSection>
  );
}
