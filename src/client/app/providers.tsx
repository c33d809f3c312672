import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
}

/**
 * Toasts top-right with the spec's durations: success 2 s, error 4 s, loading until dismissed.
 * A toast lets the pointer through: it stands where a dialog has its close button, and a toast that caught
 * the click (and, hovered, paused its own timer) kept the secretary from closing the dialog she had just
 * saved in until she moved the mouse away. No toast has a button of its own; the text is read out by
 * screen readers (role status) whether or not it takes the pointer.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        style: { pointerEvents: 'none' },
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Infinity },
      }}
    />
  );
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
