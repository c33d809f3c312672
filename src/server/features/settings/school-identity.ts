import { eq } from 'drizzle-orm';
import { DEFAULT_SCHOOL_NAME } from '../../../shared/settings.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { settings } from './settings.table.js';

/**
 * The school's identity — name, logo and contacts — has ONE store. Today it is the `escola` row of
 * `settings`; the public site's `configuracoes.nome_escola`, logo and `contato` fields must read and
 * write through these two functions, so the Settings screen and the site always show the same values.
 */
export interface SchoolIdentity {
  nome: string;
  endereco: string | null;
  telefone: string | null;
  email: string | null;
  site: string | null;
  logo: string | null;
  cnpj: string | null;
  codigo_inep: string | null;
  diretor: string | null;
}

export interface StoredSchoolIdentity extends SchoolIdentity {
  version: number;
  updatedAt: Date | null;
}

export const SCHOOL_KEY = 'escola';

const emptyIdentity: SchoolIdentity = {
  nome: DEFAULT_SCHOOL_NAME,
  endereco: null,
  telefone: null,
  email: null,
  site: null,
  logo: null,
  cnpj: null,
  codigo_inep: null,
  diretor: null,
};

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function getSchoolIdentity(db: DbOrTx): Promise<StoredSchoolIdentity> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SCHOOL_KEY)).limit(1);
  if (!row) return { ...emptyIdentity, version: 0, updatedAt: null };
  const value = row.value;
  return {
    nome: str(value.nome) ?? DEFAULT_SCHOOL_NAME,
    endereco: str(value.endereco),
    telefone: str(value.telefone),
    email: str(value.email),
    site: str(value.site),
    logo: str(value.logo),
    cnpj: str(value.cnpj),
    codigo_inep: str(value.codigo_inep),
    diretor: str(value.diretor),
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/**
 * Writes a partial identity (a field left undefined keeps its value) inside the caller's transaction.
 * Returns the new version, or null when `expectedVersion` is stale.
 */
export async function saveSchoolIdentity(
  tx: DbOrTx,
  changes: Partial<SchoolIdentity>,
  options: { actorId: string | null; expectedVersion?: number | undefined },
): Promise<StoredSchoolIdentity | null> {
  const current = await getSchoolIdentity(tx);
  if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) return null;
  const next: SchoolIdentity = { ...stripMeta(current) };
  for (const [key, value] of Object.entries(changes) as [keyof SchoolIdentity, string | null | undefined][]) {
    if (value !== undefined) (next as unknown as Record<string, string | null>)[key] = value;
  }
  if (next.nome === '') next.nome = DEFAULT_SCHOOL_NAME;
  const now = new Date();
  const version = current.version + 1;
  await tx
    .insert(settings)
    .values({ key: SCHOOL_KEY, value: { ...next }, version, updatedAt: now, updatedBy: options.actorId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: { ...next }, version, updatedAt: now, updatedBy: options.actorId },
    });
  return { ...next, version, updatedAt: now };
}

function stripMeta(identity: StoredSchoolIdentity): SchoolIdentity {
  const { nome, endereco, telefone, email, site, logo, cnpj, codigo_inep, diretor } = identity;
  return { nome, endereco, telefone, email, site, logo, cnpj, codigo_inep, diretor };
}
