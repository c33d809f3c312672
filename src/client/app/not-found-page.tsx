import { useEffect } from 'react';
import { Link } from 'react-router';
import { SearchX } from 'lucide-react';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Página não encontrada';
  }, []);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 p-4">
      <div className="text-center">
        <SearchX className="mx-auto h-16 w-16 text-gray-400" aria-hidden="true" />
        <p className="mt-4 text-6xl font-bold text-gray-500">404</p>
        <h1 className="mt-2 text-2xl font-bold text-gray-900">Página não encontrada</h1>
        <p className="mt-2 text-gray-600">O endereço que você abriu não existe ou foi movido.</p>
        <Link
          to="/"
          className="mt-6 inline-flex min-h-10 items-center rounded-lg bg-primary-strong px-5 py-2 font-medium text-white hover:brightness-110"
        >
          Voltar ao Início
        </Link>
      </div>
    </main>
  );
}

/** 'Página não encontrada' inside the portal's frame (the menu stays): an address the account does not reach. */
export function PortalNotFound() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-4">
      <div className="text-center">
        <SearchX className="mx-auto h-14 w-14 text-gray-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-gray-900">Página não encontrada</h1>
        <p className="mt-2 text-gray-600">O endereço que você abriu não existe ou foi movido.</p>
        <Link
          to="/dashboard"
          className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-primary-strong px-5 py-2 font-medium text-white hover:brightness-110"
        >
          Ir para o Início
        </Link>
      </div>
    </div>
  );
}
