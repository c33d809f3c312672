/** The main content's id, where 'Pular para o conteúdo' lands. Give that element tabIndex={-1}. */
export const CONTENT_ID = 'conteudo';

/**
 * 'Pular para o conteúdo', the page's first stop. The target needs tabIndex={-1}: without it some
 * browsers scroll to <main> but leave the focus (and the next Tab) at the top of the page. The click
 * also focuses it, for the browsers that do not on a fragment link.
 */
export function SkipLink() {
  return (
    <a
      href={`#${CONTENT_ID}`}
      onClick={() => document.getElementById(CONTENT_ID)?.focus()}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-gray-900 focus:shadow"
    >
      Pular para o conteúdo
    </a>
  );
}
