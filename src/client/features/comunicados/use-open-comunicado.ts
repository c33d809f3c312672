import { useSearchParams } from 'react-router';

/**
 * The comunicado open in the details dialog, kept in the URL (`?id=`, so a link can open it): its id, the
 * link that opens one keeping the list's filters, and closing it.
 */
export function useOpenComunicado() {
  const [params, setParams] = useSearchParams();
  const hrefOf = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('id', id);
    return `?${next.toString()}`;
  };
  const closeDetails = () => {
    const next = new URLSearchParams(params);
    next.delete('id');
    setParams(next);
  };
  return { openId: params.get('id'), hrefOf, closeDetails };
}
