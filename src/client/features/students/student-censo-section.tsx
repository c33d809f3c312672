import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ChevronUp, ClipboardList, ShieldAlert } from 'lucide-react';
import {
  coresRacas,
  deficiencias,
  filiacoes,
  localizacoesDiferenciadasPessoa,
  nacionalidades,
  poderesPublicosTransporte,
  recursosSaeb,
  veiculosTransporte,
  zonas,
  type Opcao,
} from '../../../shared/censo.codigos';
import {
  censoAlunoSchema,
  censoAlunoUpdateSchema,
  type CensoAluno,
  type CensoAlunoDados,
} from '../../../shared/censo.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Form, FormCheckboxGroup, FormSelect } from '../../components/form-fields';
import { Grupo, Texto, TransportePublico } from './student-censo-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCensoAluno, useSaveCensoAluno } from './censo-aluno.api';

const opcoes = (lista: readonly Opcao[]) => Object.fromEntries(lista);

/** The census data of a student, on demand (each read is in 'Quem acessou'); `aberta` from a pendência's link. */
export function StudentCensoSection({ alunoId, aberta = false }: { alunoId: string; aberta?: boolean }) {
  const [open, setOpen] = useState(aberta);
  const censo = useCensoAluno(alunoId, open);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (aberta) section.current?.scrollIntoView({ block: 'start' });
  }, [aberta]);
  const headingId = `censo-${alunoId}`;
  return (
    <section ref={section} aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-gray-800">
          Censo Escolar
        </h3>
        <Button
          variant="secondary"
          className="min-h-11"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <ChevronUp className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ClipboardList className="h-4 w-4" aria-hidden="true" />
          )}
          {open ? 'Fechar dados do Censo' : 'Ver dados do Censo'}
        </Button>
      </div>
      {open && censo.isPending && <Spinner label="Carregando dados do Censo..." />}
      {open && censo.isError && <ErrorBanner>Não foi possível carregar os dados do Censo.</ErrorBanner>}
      {open && censo.data && <CensoForm key={censo.data.version} alunoId={alunoId} dados={censo.data} />}
    </section>
  );
}

function CensoForm({ alunoId, dados }: { alunoId: string; dados: CensoAluno }) {
  const save = useSaveCensoAluno(alunoId);
  const { sugeridos, version } = dados;
  // The form's fields are the census data's: the answer's name, id, version and suggestions stay out.
  const valores = Object.fromEntries(
    Object.keys(censoAlunoSchema.shape).map((chave) => [chave, dados[chave as keyof CensoAlunoDados]]),
  ) as CensoAlunoDados;
  const form = useSchemaForm(censoAlunoUpdateSchema, valores);
  const onSubmit = form.submit(async (values) => {
    const result = await save.mutateAsync({ ...values, ...(version > 0 ? { version } : {}) });
    toast.success(result.message ?? 'Dados do Censo salvos.');
  });
  return (
    <Form form={form} onSubmit={onSubmit} label="Dados do Censo Escolar" className="space-y-4">
      {sugeridos.length > 0 && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Alguns campos vieram preenchidos a partir do cadastro (filiação pelos responsáveis mãe/pai,
          nacionalidade brasileira, Brasil). Confira e clique em <strong>Salvar dados do Censo</strong>: nada
          foi gravado ainda.
        </p>
      )}
      <Grupo titulo="Identificação">
        <Texto
          name="inep_id"
          label="ID do INEP (12 dígitos)"
          hint="Depois da importação do Educacenso"
          inputMode="numeric"
        />
        <FormSelect
          name="motivo_saida"
          label="Saída da escola"
          emptyAsNull
          empty="Não se aplica / deixou de frequentar"
        >
          <option value="falecido">Falecimento</option>
        </FormSelect>
      </Grupo>
      <Grupo titulo="Filiação">
        <FormSelect
          name="filiacao"
          label="Filiação"
          options={opcoes(filiacoes)}
          empty="Selecione"
          emptyAsNull
        />
        <Texto name="filiacao_1" label="Filiação 1 (de preferência a mãe)" />
        <Texto name="filiacao_2" label="Filiação 2" />
      </Grupo>
      <Grupo titulo="Nascimento e nacionalidade">
        <FormSelect
          name="nacionalidade"
          label="Nacionalidade"
          options={opcoes(nacionalidades)}
          empty="Selecione"
          emptyAsNull
        />
        <Texto
          name="pais_nacionalidade"
          label="País de nacionalidade (código do INEP)"
          hint="Brasil: 76"
          inputMode="numeric"
        />
        <Texto
          name="municipio_nascimento"
          label="Município de nascimento (código IBGE)"
          hint="7 dígitos, por exemplo 3550308 (São Paulo)"
          inputMode="numeric"
        />
      </Grupo>
      <Grupo
        titulo="Cor/raça e deficiência"
        nota={
          <span className="flex items-start gap-1.5">
            <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            Dados sensíveis (LGPD, art. 11): só a secretaria e a direção veem; cada abertura fica registrada
            em “Quem acessou”. Cor/raça como declarada pela família (pode ser “Não declarada”).
          </span>
        }
      >
        <FormSelect
          name="cor_raca"
          label="Cor/raça (como declarada)"
          options={opcoes(coresRacas)}
          empty="Selecione"
          emptyAsNull
        />
        <FormCheckboxGroup
          columns={2}
          className="sm:col-span-2"
          name="deficiencias"
          legend="Deficiência, transtorno do espectro autista ou altas habilidades"
          options={deficiencias}
        />
        <FormCheckboxGroup
          columns={2}
          className="sm:col-span-2"
          name="recursos_saeb"
          legend="Recursos para uso em sala e nas avaliações do Saeb"
          options={recursosSaeb}
        />
      </Grupo>
      <Grupo titulo="Transporte escolar público">
        <TransportePublico />
        <FormSelect
          name="transporte_poder_publico"
          label="Poder público responsável"
          options={opcoes(poderesPublicosTransporte)}
          empty="Selecione"
          emptyAsNull
        />
        <FormCheckboxGroup
          columns={2}
          className="sm:col-span-2"
          name="transporte_veiculos"
          legend="Veículos"
          options={veiculosTransporte}
        />
      </Grupo>
      <Grupo titulo="Documentos">
        <Texto
          name="certidao_nascimento"
          label="Certidão de nascimento (modelo novo, 32 dígitos)"
          inputMode="numeric"
        />
      </Grupo>
      <Grupo titulo="Residência">
        <Texto
          name="pais_residencia"
          label="País de residência (código do INEP)"
          hint="Brasil: 76"
          inputMode="numeric"
        />
        <Texto name="cep_residencia" label="CEP" inputMode="numeric" />
        <Texto
          name="municipio_residencia"
          label="Município de residência (código IBGE)"
          inputMode="numeric"
        />
        <FormSelect
          name="zona_residencia"
          label="Zona de residência"
          options={opcoes(zonas)}
          empty="Selecione"
          emptyAsNull
        />
        <FormSelect
          name="localizacao_diferenciada"
          label="Localização diferenciada"
          options={opcoes(localizacoesDiferenciadasPessoa)}
          empty="Selecione"
          emptyAsNull
        />
      </Grupo>
      <div className="flex justify-end">
        <Button type="submit" loading={form.formState.isSubmitting} className="min-h-11">
          Salvar dados do Censo
        </Button>
      </div>
    </Form>
  );
}
