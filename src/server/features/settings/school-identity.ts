import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_SCHOOL_NAME } from '../../../shared/settings.schemas.js';
import { DEFAULT_MATRICULA_PATTERN } from '../../../shared/matricula-pattern.js';
import { sectionSchemas } from '../../../shared/content.schemas.js';
import { formatPhone, onlyDigits } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../audit/index.js';
import { followIdentityInFooter, readSiteContent, writeSiteSection } from '../content/index.js';
import { settings } from '../../db/schema/settings.js';

/**
 * The school's identity has ONE store: the public site's content. Name, logo, CNPJ and INEP live in
 * its `configuracoes` section and the address, phone, WhatsApp and e-mail in `contato`, so the Settings screen
 * and the site always show the same values. Only `site` and `diretor`, which the site does not show,
 * live in the `escola` row of `settings`.
 *
 * The INEP code and the CNPJ may also have been typed only in Configurações → Censo (the census
 * follows the identity, not the other way round): then the identity reads them from there, so the
 * declarations, the histórico and the reports a school prints carry them (docs/documents.md). The
 * screens that edit either store read `{ own: true }`: the census keeps a value equal to the identity's
 * empty, so reading its own value back as the identity's would erase it on the next census save.
 */
export interface SchoolIdentity {
  nome: string;
  endereco: string | null;
  telefone: string | null;
  whatsapp: string | null;
  email: string | null;
  site: string | null;
  logo: string | null;
  cnpj: string | null;
  codigo_inep: string | null;
  diretor: string | null;
  /** How a blank matrícula is numbered (shared/matricula-pattern.ts); the default when never set. */
  padrao_matricula: string;
}

export interface StoredSchoolIdentity extends SchoolIdentity {
  /** The sum of the three records' versions: any save to one of them makes an older form stale. */
  version: number;
  updatedAt: Date | null;
}

export const SCHOOL_KEY = 'escola';
/** The census's own document (Configurações → Censo, censo/escola.service.ts), kept here: the census reads the identity. */
export const CENSO_ESCOLA_KEY = 'censo_escola';

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function getSchoolIdentity(
  db: DbOrTx,
  options: { own?: boolean } = {},
): Promise<StoredSchoolIdentity> {
  const [rows, site] = await Promise.all([
    db
      .select()
      .from(settings)
      .where(inArray(settings.key, [SCHOOL_KEY, CENSO_ESCOLA_KEY])),
    readSiteContent(db),
  ]);
  const row = rows.find((setting) => setting.key === SCHOOL_KEY);
  const censo = options.own ? undefined : rows.find((setting) => setting.key === CENSO_ESCOLA_KEY)?.value;
  const { configuracoes, contato } = site.content;
  return {
    nome: str(configuracoes.nome_escola) ?? DEFAULT_SCHOOL_NAME,
    endereco: str(contato.endereco),
    // The site shows the phone as written, (11) 3456-7890; the settings keep its digits.
    telefone: str(onlyDigits(contato.telefone)),
    whatsapp: str(onlyDigits(contato.whatsapp)),
    email: str(contato.email),
    site: str(row?.value.site),
    logo: str(configuracoes.logo_principal),
    cnpj: str(configuracoes.cnpj) ?? str(censo?.cnpj_escola),
    codigo_inep: str(configuracoes.codigo_inep) ?? str(censo?.codigo_inep),
    diretor: str(row?.value.diretor),
    padrao_matricula: str(row?.value.padrao_matricula) ?? DEFAULT_MATRICULA_PATTERN,
    version: (row?.version ?? 0) + site.versions.configuracoes + site.versions.contato,
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * Writes a partial identity (a field left undefined keeps its value) inside the caller's transaction.
 * Returns the new identity, or null when `expectedVersion` is stale. The caller refreshes the content
 * snapshot after commit (`ctx.content.refresh()`).
 */
/** The school's matrícula pattern alone (the student form and the import number blank matrículas with it). */
export async function readMatriculaPattern(db: DbOrTx): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SCHOOL_KEY)).limit(1);
  return str(row?.value.padrao_matricula) ?? DEFAULT_MATRICULA_PATTERN;
}

export async function saveSchoolIdentity(
  tx: DbOrTx,
  changes: Partial<SchoolIdentity>,
  options: { actor: Actor; expectedVersion?: number | undefined },
): Promise<StoredSchoolIdentity | null> {
  const current = await getSchoolIdentity(tx, { own: true });
  if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) return null;
  const pick = (key: keyof SchoolIdentity) =>
    (changes[key] === undefined ? current[key] : changes[key]) ?? '';
  const site = await readSiteContent(tx);

  const configuracoes = {
    ...site.content.configuracoes,
    nome_escola: pick('nome') || DEFAULT_SCHOOL_NAME,
    logo_principal: pick('logo'),
    cnpj: pick('cnpj'),
    codigo_inep: pick('codigo_inep'),
  };
  if (JSON.stringify(configuracoes) !== JSON.stringify(site.content.configuracoes)) {
    await writeSiteSection(
      tx,
      'configuracoes',
      sectionSchemas.configuracoes.parse(configuracoes),
      undefined,
      options.actor,
      'editar',
    );
  }
  const contato = {
    ...site.content.contato,
    endereco: pick('endereco'),
    telefone: formatPhone(pick('telefone')),
    whatsapp: formatPhone(pick('whatsapp')),
    email: pick('email'),
  };
  if (JSON.stringify(contato) !== JSON.stringify(site.content.contato)) {
    await writeSiteSection(
      tx,
      'contato',
      sectionSchemas.contato.parse(contato),
      undefined,
      options.actor,
      'editar',
    );
  }

  // The footer repeats the name and the contacts in lines of its own: those that follow the identity
  // take the new values (content/footer-identity.ts; Gerenciar Conteúdo → Contato does the same).
  await followIdentityInFooter(tx, options.actor, 'editar');

  const own = { site: pick('site'), diretor: pick('diretor'), padrao_matricula: pick('padrao_matricula') };
  const now = new Date();
  await tx
    .insert(settings)
    .values({ key: SCHOOL_KEY, value: own, version: 1, updatedAt: now, updatedBy: options.actor.id })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: own, version: current.version + 1, updatedAt: now, updatedBy: options.actor.id },
    });
  return getSchoolIdentity(tx, { own: true });
}
