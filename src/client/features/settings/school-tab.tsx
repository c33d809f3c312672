import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { isValidCnpj, type SchoolSettings } from '../../../shared/settings.schemas';
import { formatPhone } from '../../../shared/format';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { applyServerErrors } from '../../lib/form-errors';
import { useSaveSchoolSettings } from './settings.api';

const formSchema = z.object({
  nome: z.string().trim().min(2, 'Nome da escola é obrigatório').max(150, 'Máximo de 150 caracteres'),
  endereco: z.string().max(300, 'Máximo de 300 caracteres'),
  telefone: z
    .string()
    .refine((value) => [0, 10, 11].includes(value.replace(/\D/g, '').length), 'Telefone inválido'),
  email: z.string().refine((value) => value.trim() === '' || z.email().safeParse(value.trim()).success, {
    message: 'E-mail inválido',
  }),
  site: z.string().refine((value) => value.trim() === '' || /^https?:\/\/\S+\.\S+$/i.test(value.trim()), {
    message: 'Site inválido. Use um endereço completo, ex.: https://www.escola.com.br',
  }),
  logo: z.string(),
  cnpj: z
    .string()
    .refine((value) => value.trim() === '' || isValidCnpj(value), 'CNPJ inválido (verifique os dígitos)'),
  codigo_inep: z
    .string()
    .refine((value) => value.trim() === '' || /^\d{8}$/.test(value.trim()), 'O código INEP tem 8 dígitos'),
  diretor: z.string().max(150, 'Máximo de 150 caracteres'),
});
type FormValues = z.infer<typeof formSchema>;
const fields = [
  'nome',
  'endereco',
  'telefone',
  'email',
  'site',
  'logo',
  'cnpj',
  'codigo_inep',
  'diretor',
] as const;

export function SchoolTab({ school }: { school: SchoolSettings }) {
  const save = useSaveSchoolSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      nome: school.nome,
      endereco: school.endereco ?? '',
      telefone: formatPhone(school.telefone),
      email: school.email ?? '',
      site: school.site ?? '',
      logo: school.logo ?? '',
      cnpj: school.cnpj ?? '',
      codigo_inep: school.codigo_inep ?? '',
      diretor: school.diretor ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ ...values, version: school.version });
      toast.success('Configurações da escola salvas com sucesso');
    } catch (error) {
      const message = applyServerErrors(error, setError, fields);
      if (message) setFormError(message);
      toast.error('Erro ao salvar configurações');
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      {formError && <ErrorBanner>{formError}</ErrorBanner>}
      <div className="grid gap-4 md:grid-cols-2">
        <InputField label="Nome da escola" required error={errors.nome?.message} {...register('nome')} />
        <InputField label="Diretor(a)" error={errors.diretor?.message} {...register('diretor')} />
        <InputField
          label="Endereço"
          className="md:col-span-2"
          error={errors.endereco?.message}
          {...register('endereco')}
        />
        <InputField label="Telefone" type="tel" error={errors.telefone?.message} {...register('telefone')} />
        <InputField label="E-mail" type="email" error={errors.email?.message} {...register('email')} />
        <InputField
          label="Site"
          type="url"
          placeholder="https://www.escola.com.br"
          error={errors.site?.message}
          {...register('site')}
        />
        <InputField
          label="Logo (endereço da imagem)"
          placeholder="/api/media/... ou https://..."
          error={errors.logo?.message}
          {...register('logo')}
        />
        <InputField
          label="CNPJ"
          placeholder="00.000.000/0000-00"
          hint="Aceita também o CNPJ alfanumérico (a partir de julho de 2026)."
          error={errors.cnpj?.message}
          {...register('cnpj')}
        />
        <InputField
          label="Código INEP"
          inputMode="numeric"
          maxLength={8}
          error={errors.codigo_inep?.message}
          {...register('codigo_inep')}
        />
      </div>
      <p className="text-xs text-gray-600">
        O nome, o logo e os contatos aparecem também no site público: este é o único lugar onde são guardados.
      </p>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? 'Salvando...' : 'Salvar Configurações'}
        </Button>
      </div>
    </form>
  );
}
