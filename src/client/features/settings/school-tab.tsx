import toast from 'react-hot-toast';
import {
  DEFAULT_SCHOOL_NAME,
  updateSchoolSettingsInputSchema,
  type SchoolSettings,
} from '../../../shared/settings.schemas';
import { formatPhone } from '../../../shared/format';
import { exampleMatricula } from '../../../shared/matricula-pattern';
import { Button } from '../../components/button';
import { Form, FormInput, FormMasked } from '../../components/form-fields';
import { AddressField } from '../../components/form-groups';
import { FormImageField } from '../../domain/media-library';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveSchoolSettings } from './settings.api';

export function SchoolTab({ school }: { school: SchoolSettings }) {
  const save = useSaveSchoolSettings();
  const form = useSchemaForm(updateSchoolSettingsInputSchema, {
    // A new school has no name yet: the product's stand-in is not one to keep.
    nome: school.nome === DEFAULT_SCHOOL_NAME ? '' : school.nome,
    endereco: school.endereco ?? '',
    telefone: formatPhone(school.telefone),
    whatsapp: formatPhone(school.whatsapp),
    email: school.email ?? '',
    site: school.site ?? '',
    logo: school.logo ?? '',
    cnpj: school.cnpj ?? '',
    codigo_inep: school.codigo_inep ?? '',
    diretor: school.diretor ?? '',
    padrao_matricula: school.padrao_matricula,
  });
  const saving = form.formState.isSubmitting;

  return (
    <Form
      form={form}
      onSubmit={form.submit(
        async (values) => {
          await save.mutateAsync({ ...values, version: school.version });
          toast.success('Configurações da escola salvas com sucesso');
        },
        () => toast.error('Erro ao salvar configurações'),
      )}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormInput name="nome" label="Nome da escola" required placeholder="Ex.: Colégio Ipê Amarelo" />
        <FormInput
          name="diretor"
          label="Diretor ou diretora"
          hint="O nome que assina as declarações e o histórico escolar."
        />
        <div className="md:col-span-2">
          <AddressField name="endereco" label="Endereço" />
        </div>
        <FormMasked name="telefone" mask="phone" label="Telefone" />
        <FormMasked
          name="whatsapp"
          mask="phone"
          label="WhatsApp"
          hint="Com ele, o site mostra um botão para conversar com a escola pelo WhatsApp."
        />
        <FormInput name="email" label="E-mail" type="email" />
        <FormMasked
          name="cnpj"
          mask="cnpj"
          label="CNPJ"
          hint="Aceita também o CNPJ alfanumérico (a partir de julho de 2026)."
        />
        <FormInput name="codigo_inep" label="Código INEP" inputMode="numeric" maxLength={8} />
        <FormInput name="site" label="Site" inputMode="url" placeholder="www.escola.com.br" />
        <FormInput
          name="padrao_matricula"
          label="Padrão da matrícula"
          autoComplete="off"
          hint={`Numera a matrícula deixada em branco no cadastro e na importação: {ano} é o ano letivo em que o aluno entra (o da turma, numa matrícula para o ano seguinte) e {sequencial:4} o próximo número com 4 dígitos. Hoje: ${exampleMatricula(school.padrao_matricula, new Date().getFullYear())}, …`}
        />
        <div className="md:col-span-2">
          <FormImageField
            name="logo"
            label="Logo"
            previewAlt="Prévia do logo"
            removable
            hint="Envie a imagem aqui ou escolha uma já enviada: as imagens ficam na mesma biblioteca de Gerenciar Conteúdo. Uma imagem enviada aparece no site, no portal e nos documentos emitidos; um endereço externo (https://...), só no site e no portal."
          />
        </div>
      </div>
      <p className="text-xs text-gray-600">
        O nome, o logo e os contatos aparecem também no site público. Alterados aqui ou em Gerenciar Conteúdo
        → Configurações, são os mesmos dados.
      </p>
      <div className="flex justify-end">
        <Button type="submit" loading={saving}>
          {saving ? 'Salvando...' : 'Salvar Configurações'}
        </Button>
      </div>
    </Form>
  );
}
