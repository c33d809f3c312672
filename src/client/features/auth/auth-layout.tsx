import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { GraduationCap, ShieldCheck, Users } from 'lucide-react';
import type { SiteContent } from '../../../shared/content.schemas';
import { useSiteContent } from '../../domain/site-content-store';

const roles = [
  { icon: ShieldCheck, title: 'Administrador', text: 'Gestão completa' },
  { icon: GraduationCap, title: 'Professor', text: 'Turmas e notas' },
  { icon: Users, title: 'Responsável', text: 'Acompanhamento' },
];

/** The school's logo, or its initial on the brand colour while it has none. */
function SchoolLogo({ settings, size }: { settings: SiteContent['configuracoes']; size: string }) {
  if (settings.logo_principal)
    return (
      <img
        src={settings.logo_principal}
        alt=""
        className={`${size} rounded-xl bg-white object-contain p-1`}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${size} flex items-center justify-center rounded-xl bg-white/20 text-2xl font-bold`}
    >
      {settings.nome_escola.trim().charAt(0).toUpperCase() || 'E'}
    </span>
  );
}

/**
 * The two-panel frame of the login and password screens, in the school's name and logo (issue 29:
 * it said 'Portal de Acesso - Sistema Escolar' whatever the school). `title` names the screen in the
 * browser's tab: '<title> — <school>'.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const settings = useSiteContent().configuracoes;
  const school = settings.nome_escola;
  useEffect(() => {
    document.title = `${title} — ${school}`;
  }, [title, school]);
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-blue-50 via-white to-purple-50 lg:flex-row">
      <aside className="hidden flex-1 flex-col justify-center bg-gradient-to-br from-primary to-secondary p-12 text-white lg:flex">
        <div className="mx-auto max-w-md">
          <SchoolLogo settings={settings} size="h-16 w-16" />
          <p className="mt-6 text-3xl font-bold" data-testid="auth-school">
            {school}
          </p>
          <p className="mt-1 text-lg text-white/90">Portal da escola</p>
          <p className="mt-3 text-white/90">Um só lugar para a escola, os professores e as famílias.</p>
          <ul className="mt-8 space-y-4">
            {roles.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-center gap-3 rounded-xl bg-white/10 p-3">
                <Icon className="h-6 w-6" aria-hidden="true" />
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-white/85">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <main className="flex flex-1 items-center justify-center p-4 sm:p-8">
        <div className="w-full max-w-md">
          <div className="mb-6 flex items-center justify-center gap-3 lg:hidden">
            {settings.logo_principal ? (
              <img src={settings.logo_principal} alt="" className="h-10 w-10 rounded-lg object-contain" />
            ) : null}
            <p className="text-lg font-semibold text-gray-900">
              {school} <span className="block text-sm font-normal text-gray-600">Portal da escola</span>
            </p>
          </div>
          <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-lg sm:p-8">{children}</div>
          <p className="mt-6 text-center">
            <Link to="/" className="text-sm font-medium text-primary-strong hover:underline">
              ← Voltar ao site
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
