import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GraduationCap, ShieldCheck, Users, UserRound } from 'lucide-react';

const roles = [
  { icon: ShieldCheck, title: 'Administrador', text: 'Gestão completa' },
  { icon: GraduationCap, title: 'Professor', text: 'Turmas e notas' },
  { icon: Users, title: 'Responsável', text: 'Acompanhamento' },
];

/** The two-panel frame of the login and password screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-blue-50 via-white to-purple-50 lg:flex-row">
      <aside className="hidden flex-1 flex-col justify-center bg-gradient-to-br from-primary to-secondary p-12 text-white lg:flex">
        <div className="mx-auto max-w-md">
          <UserRound className="h-12 w-12" aria-hidden="true" />
          <p className="mt-6 text-3xl font-bold">Portal de Acesso - Sistema Escolar</p>
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
          <p className="mb-6 text-center text-lg font-semibold text-gray-900 lg:hidden">
            Portal de Acesso - Sistema Escolar
          </p>
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
