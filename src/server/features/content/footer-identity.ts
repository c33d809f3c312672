import { inArray } from 'drizzle-orm';
import { defaultSiteContent } from '../../../shared/content.defaults.js';
import { sectionSchemas, type SiteContent } from '../../../shared/content.schemas.js';
import { onlyDigits } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { contentHistory } from '../../db/schema/content.js';

/** The sections that hold the school's identity (Configurações → Escola reads and writes them). */
export const IDENTITY_SECTIONS = ['configuracoes', 'contato'] as const;

type Footer = SiteContent['footer'];
type Identity = Pick<SiteContent, 'configuracoes' | 'contato'>;
type Line = 'titulo' | 'email' | 'telefone' | 'endereco';

/** Footer lines earlier versions shipped (a São Paulo school's): never the school's own. */
const formerFooter = new Set([
  'contato@escola.edu.br',
  '(11) 3456-7890',
  'Rua das Acácias, 250 - Jardim Primavera, São Paulo - SP',
]);

/** Each footer line and the identity value it repeats. */
const identityOf: Record<Line, (content: Identity) => string> = {
  titulo: (content) => content.configuracoes.nome_escola,
  email: (content) => content.contato.email,
  telefone: (content) => content.contato.telefone,
  endereco: (content) => content.contato.endereco,
};
const lines = Object.keys(identityOf) as Line[];

/** A phone is the same phone however it was written: (41) 3333-4444 and 41 3333 4444. */
const same = (line: Line, a: string, b: string) =>
  line === 'telefone' ? onlyDigits(a) !== '' && onlyDigits(a) === onlyDigits(b) : a === b;

/**
 * The footer as it follows the identity. The footer repeats the school's name and contacts in fields
 * of its own (the spec's); the identity's one store is `configuracoes` and `contato`, whichever screen
 * edits them (Configurações → Escola, or Gerenciar Conteúdo → Contato). A footer line still as shipped,
 * empty, or repeating what the identity is or was (`former`: identitiesSoFar) follows it; a line the
 * school wrote apart in Gerenciar Conteúdo → Rodapé stays. A footer left behind by an import, or by a
 * save before the Contato editor carried its changes here, so converges at the next save.
 */
export function footerFollowingIdentity(
  footer: Footer,
  identity: Identity,
  former: readonly Identity[],
): Footer {
  const next = { ...footer };
  for (const line of lines) {
    const value = footer[line];
    const follows =
      value === '' ||
      value === defaultSiteContent.footer[line] ||
      formerFooter.has(value) ||
      former.some((before) => same(line, value, identityOf[line](before)));
    if (follows) next[line] = identityOf[line](identity);
  }
  return next;
}

/**
 * Every value the identity sections had: their history (each version replaced, the one just replaced
 * included) and what they hold now. A footer line equal to one of them repeated the identity.
 */
export async function identitiesSoFar(tx: DbOrTx, now: SiteContent): Promise<Identity[]> {
  const rows = await tx
    .select({ section: contentHistory.section, data: contentHistory.data })
    .from(contentHistory)
    .where(inArray(contentHistory.section, [...IDENTITY_SECTIONS]));
  const identities: Identity[] = [now];
  for (const row of rows) {
    if (row.section === 'contato') {
      const parsed = sectionSchemas.contato.safeParse(row.data);
      if (parsed.success) identities.push({ ...now, contato: parsed.data });
    } else {
      const parsed = sectionSchemas.configuracoes.safeParse(row.data);
      if (parsed.success) identities.push({ ...now, configuracoes: parsed.data });
    }
  }
  return identities;
}
