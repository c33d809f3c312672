/**
 * The public site's 'Agende uma visita / Quero matricular' form (issue 34 §1). No validation library on
 * the public page (its bundle stays small): the browser's own checks, then the server's field errors
 * shown on each field. Nothing is stored without the parent's consent for the child's data (LGPD art. 14).
 */
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import type { SiteContent } from '../../../shared/content.schemas';
import { sectionLead, sectionTitle } from './landing-sections';
import { ConsentBox, Field, input, origens } from './interesse-fields';

type Errors = Record<string, string>;
type Estado = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent'; message: string };

/**
 * The school years a family may ask about, and the one the form starts on: until June a family looks at
 * this year by default, from July at the next; in December this year is ending and is not offered.
 */
export function anosOferecidos(today: Date): { anos: number[]; inicial: number } {
  const year = today.getFullYear();
  const month = today.getMonth();
  if (month === 11) return { anos: [year + 1], inicial: year + 1 };
  return { anos: [year, year + 1], inicial: month < 6 ? year : year + 1 };
}

export function InteresseSection({ matricula }: { matricula: SiteContent['matricula'] }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const startedAt = useRef<number | null>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const [estado, setEstado] = useState<Estado>({ kind: 'editing' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { anos, inicial } = anosOferecidos(new Date());

  useEffect(() => {
    startedAt.current = Date.now();
  }, []);
  useEffect(() => {
    if (estado.kind === 'sent') successRef.current?.focus();
  }, [estado.kind]);

  const fieldProps = (name: string) => ({
    id: id(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-erro` : undefined,
    className: input,
  });

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (estado.kind === 'sending') return; // held, not disabled, while it sends: the focus stays on it
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const raw = form.get(name);
      return typeof raw === 'string' ? raw.trim() : '';
    };
    const body = {
      responsavel_nome: value('responsavel_nome'),
      email: value('email'),
      telefone: value('telefone'),
      aluno_nome: value('aluno_nome'),
      aluno_nascimento: value('aluno_nascimento'),
      serie: value('serie'),
      ano_letivo: Number(value('ano_letivo')),
      origem: value('origem') || null,
      mensagem: value('mensagem'),
      consentimento: form.get('consentimento') === 'on',
      website: value('website'),
      preenchido_em_ms: startedAt.current === null ? 0 : Date.now() - startedAt.current,
    };
    if (!body.consentimento) {
      setErrors({
        consentimento:
          'Para enviar, autorize o uso dos dados da criança para o contato da escola (LGPD, art. 14).',
      });
      setFormError(null);
      document.getElementById(id('consentimento'))?.focus();
      return;
    }
    setEstado({ kind: 'sending' });
    setFormError(null);
    try {
      const response = await fetch('/api/interessados', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as {
        message?: string;
        details?: { path: string; message: string }[];
      } | null;
      if (response.ok) {
        setErrors({});
        setEstado({
          kind: 'sent',
          message: answer?.message ?? 'Recebemos o seu interesse! A secretaria vai entrar em contato.',
        });
        return;
      }
      const fieldErrors: Errors = {};
      for (const detail of answer?.details ?? []) fieldErrors[detail.path] ??= detail.message;
      setErrors(fieldErrors);
      setFormError(
        response.status === 429
          ? 'Muitos envios seguidos deste endereço. Aguarde alguns minutos e tente de novo.'
          : (answer?.message ?? 'Não foi possível enviar. Confira os campos e tente de novo.'),
      );
      setEstado({ kind: 'editing' });
      const first = Object.keys(fieldErrors)[0];
      if (first) document.getElementById(id(first))?.focus();
    } catch {
      setFormError('Sem conexão com a escola agora. Verifique a internet e tente de novo.');
      setEstado({ kind: 'editing' });
    }
  }

  return (
    <section id="matricula" className="scroll-mt-20 bg-gray-50 py-20 dark:bg-gray-950">
      <div className="mx-auto max-w-3xl px-4">
        <div className="text-center">
          <h2 className={sectionTitle}>{matricula.titulo}</h2>
          {matricula.texto && <p className={sectionLead}>{matricula.texto}</p>}
        </div>
        {estado.kind === 'sent' ? (
          <div
            role="status"
            className="mt-10 rounded-2xl border border-green-200 bg-white p-8 text-center shadow-sm dark:border-green-900 dark:bg-gray-900"
          >
            <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
            <h3
              ref={successRef}
              tabIndex={-1}
              className="mt-4 text-xl font-semibold text-gray-900 dark:text-white"
            >
              Interesse enviado
            </h3>
            <p className="mt-2 text-gray-700 dark:text-gray-300">{estado.message}</p>
          </div>
        ) : (
          <form
            // Sent before the page's script ran, the browser would put the fields in the address (GET):
            // a POST keeps them out of it (the server then refuses a non-JSON body).
            method="post"
            action="/api/interessados"
            onSubmit={(event) => void handleSubmit(event)}
            aria-label={matricula.titulo}
            className="mt-10 space-y-5 rounded-2xl bg-white p-6 shadow-sm sm:p-8 dark:bg-gray-900"
          >
            <fieldset className="grid gap-5 sm:grid-cols-2">
              <legend className="mb-3 text-base font-semibold text-gray-900 sm:col-span-2 dark:text-white">
                Seus dados
              </legend>
              <Field id={id('responsavel_nome')} label="Seu nome" error={errors.responsavel_nome}>
                <input {...fieldProps('responsavel_nome')} required maxLength={120} autoComplete="name" />
              </Field>
              <Field id={id('email')} label="E-mail" error={errors.email}>
                <input {...fieldProps('email')} type="email" required maxLength={254} autoComplete="email" />
              </Field>
              <Field id={id('telefone')} label="Telefone ou WhatsApp (com DDD)" error={errors.telefone}>
                <input
                  {...fieldProps('telefone')}
                  type="tel"
                  required
                  maxLength={20}
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="DDD e número"
                />
              </Field>
              <Field id={id('origem')} label="Como conheceu a escola?" error={errors.origem} optional>
                <select {...fieldProps('origem')} defaultValue="">
                  <option value="">Prefiro não dizer</option>
                  {origens.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </Field>
            </fieldset>
            <fieldset className="grid gap-5 sm:grid-cols-2">
              <legend className="mb-3 text-base font-semibold text-gray-900 sm:col-span-2 dark:text-white">
                Dados da criança
              </legend>
              <Field id={id('aluno_nome')} label="Nome da criança" error={errors.aluno_nome}>
                <input {...fieldProps('aluno_nome')} required maxLength={120} autoComplete="off" />
              </Field>
              <Field id={id('aluno_nascimento')} label="Data de nascimento" error={errors.aluno_nascimento}>
                <input {...fieldProps('aluno_nascimento')} type="date" required />
              </Field>
              <Field id={id('serie')} label="Série desejada" error={errors.serie}>
                {matricula.series.length > 0 ? (
                  <select {...fieldProps('serie')} required defaultValue="">
                    <option value="" disabled>
                      Escolha a série
                    </option>
                    {matricula.series.map((serie) => (
                      <option key={serie} value={serie}>
                        {serie}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input {...fieldProps('serie')} required maxLength={60} placeholder="Ex.: 1º ano" />
                )}
              </Field>
              <Field id={id('ano_letivo')} label="Para o ano letivo de" error={errors.ano_letivo}>
                <select {...fieldProps('ano_letivo')} required defaultValue={String(inicial)}>
                  {anos.map((ano) => (
                    <option key={ano} value={String(ano)}>
                      {ano}
                    </option>
                  ))}
                </select>
              </Field>
              <div className="sm:col-span-2">
                <Field id={id('mensagem')} label="Mensagem" error={errors.mensagem} optional>
                  <textarea {...fieldProps('mensagem')} rows={3} maxLength={1000} />
                </Field>
              </div>
            </fieldset>
            {/* Left empty by people (hidden from sight and from screen readers); robots fill it. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor={id('website')}>Não preencha este campo</label>
              <input id={id('website')} name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <ConsentBox id={id('consentimento')} error={errors.consentimento} />
            {formError && (
              <p
                role="alert"
                className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
              >
                {formError}
              </p>
            )}
            <button
              type="submit"
              aria-disabled={estado.kind === 'sending' || undefined}
              className="w-full rounded-lg bg-primary-strong px-6 py-3 text-base font-semibold text-white hover:opacity-90 focus-visible:ring-4 focus-visible:ring-primary-strong/40 focus-visible:outline-none aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
            >
              {estado.kind === 'sending' ? 'Enviando…' : 'Quero agendar uma visita'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
