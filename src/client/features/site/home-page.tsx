import { Link } from 'react-router';
import { paths } from '../../../shared/routes';

/** Minimal public home until the editable landing page (issue 4) replaces it. */
export function HomePage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-primary via-secondary to-accent p-6 text-center text-white">
      <h1 className="text-4xl font-bold">Sistema Escolar</h1>
      <p className="mt-3 max-w-xl text-lg text-white/90">Educação de qualidade, perto da sua família.</p>
      <Link
        to={paths.login}
        className="mt-8 rounded-lg bg-white px-6 py-3 font-semibold text-gray-900 shadow hover:bg-gray-100"
      >
        Portal de Login
      </Link>
    </main>
  );
}
