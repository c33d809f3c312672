import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../shared/api.js';
import { defaultSiteContent } from '../../../shared/content.defaults.js';
import {
  contentSections as sectionNames,
  sectionSchemas,
  siteContentSchema,
  storedSiteContentSchema,
  type ContentHistoryEntry,
  type ContentSection,
  type ContentState,
  type SiteContent,
} from '../../../shared/content.schemas.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { contentHistory, contentSections } from '../../db/schema/content.js';
import { assertVersion, staleVersion } from '../../lib/versioning.js';
import type { AuditAction } from '../../../shared/audit-actions.js';
import { footerFollowingIdentity, IDENTITY_SECTIONS, identitiesSoFar } from './footer-identity.js';

/** A section with no saved row is its default at this version. */
const DEFAULT_VERSION = 1;

export interface PublicSnapshot {
  state: ContentState;
  /** `{"success":true,"data":…}` serialised once, served as is. */
  body: string;
  etag: string;
}

function snapshotOf(state: ContentState): PublicSnapshot {
  // Through the route's contract, as the serializer would: a field the contract lacks never reaches a page.
  const body = JSON.stringify({ success: true, data: z.encode(storedSiteContentSchema, state.content) });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { state, body, etag };
}

function parseSection<S extends ContentSection>(section: S, data: unknown): SiteContent[S] {
  return sectionSchemas[section].parse(data) as SiteContent[S];
}

/** The whole site content with each section's version (defaults where nothing was saved). */
export async function readSiteContent(db: DbOrTx): Promise<ContentState> {
  const rows = await db.select().from(contentSections);
  const content = structuredClone(defaultSiteContent) as Record<ContentSection, unknown>;
  const versions = Object.fromEntries(sectionNames.map((name) => [name, DEFAULT_VERSION])) as Record<
    ContentSection,
    number
  >;
  for (const row of rows) {
    if (!(sectionNames as readonly string[]).includes(row.section)) continue;
    const section = row.section as ContentSection;
    // Stored data was valid when saved; re-parsing fills fields a newer schema added.
    const parsed = sectionSchemas[section].safeParse(row.data);
    content[section] = parsed.success ? parsed.data : defaultSiteContent[section];
    versions[section] = row.version;
  }
  const version = Object.values(versions).reduce((sum, value) => sum + value, 0);
  return { content: content as SiteContent, versions, version };
}

/**
 * A check every saved version of a section must pass, registered by another feature without this one
 * importing it: the gallery refuses photos of children without image consent.
 */
type SectionCheck = (tx: DbOrTx, data: unknown) => Promise<void>;
const sectionChecks = new Map<ContentSection, SectionCheck>();
export function checkSectionBeforeSave(section: ContentSection, check: SectionCheck): void {
  sectionChecks.set(section, check);
}

/**
 * Saves one section inside the caller's transaction, keeping the previous version in the history and
 * auditing the change. Callers outside ContentService must call `content.refresh()` after commit.
 */
export async function writeSiteSection(
  tx: DbOrTx,
  section: ContentSection,
  data: unknown,
  expected: number | undefined,
  actor: Actor,
  action: AuditAction,
): Promise<number> {
  await sectionChecks.get(section)?.(tx, data);
  const [row] = await tx
    .select()
    .from(contentSections)
    .where(eq(contentSections.section, section))
    .for('update');
  const currentVersion = row?.version ?? DEFAULT_VERSION;
  if (expected !== undefined && expected !== currentVersion) {
    throw new AppError('PRECONDITION_FAILED', messages.staleVersion, undefined, {
      etag: `"${currentVersion}"`,
    });
  }
  const previous = row?.data ?? defaultSiteContent[section];
  await tx
    .insert(contentHistory)
    .values({
      section,
      version: currentVersion,
      data: previous,
      savedAt: row?.updatedAt ?? new Date(0),
      savedBy: row?.updatedBy ?? null,
    })
    .onConflictDoNothing();
  const next = currentVersion + 1;
  const values = { data, version: next, updatedAt: new Date(), updatedBy: actor.nome };
  if (row) {
    const [updated] = await tx
      .update(contentSections)
      .set(values)
      .where(and(eq(contentSections.section, section), eq(contentSections.version, currentVersion)))
      .returning({ version: contentSections.version });
    if (!updated) throw staleVersion();
  } else {
    await tx.insert(contentSections).values({ section, ...values });
  }
  await recordAudit(tx, actor, {
    action,
    entity: 'conteudo',
    entityId: section,
    details: { version: next },
  });
  return next;
}

/**
 * After the identity (`configuracoes`, `contato`) was saved inside `tx`, by Configurações → Escola or by
 * Gerenciar Conteúdo: the footer lines that repeat it follow, as a new version of the footer (see
 * footer-identity.ts). Without this a phone changed in Gerenciar Conteúdo → Contato left the footer with
 * the old one, and from then on Configurações → Escola took the footer's line for one written apart.
 */
export async function followIdentityInFooter(tx: DbOrTx, actor: Actor, action: AuditAction): Promise<void> {
  const { content } = await readSiteContent(tx);
  const footer = footerFollowingIdentity(content.footer, content, await identitiesSoFar(tx, content));
  if (JSON.stringify(footer) === JSON.stringify(content.footer)) return;
  await writeSiteSection(tx, 'footer', sectionSchemas.footer.parse(footer), undefined, actor, action);
}

const isIdentitySection = (section: ContentSection) =>
  (IDENTITY_SECTIONS as readonly ContentSection[]).includes(section);

/**
 * The site's content with an in-memory snapshot: the public page and its 5-second polling are answered
 * from memory, and every save through this service replaces the snapshot. A change to the content
 * tables from any instance is notified on the cache bus (`content`), which calls `invalidate` on every
 * instance; while the bus may be missing notifications (`isTrusted` false) nothing is kept.
 */
export class ContentService {
  private snapshot: PublicSnapshot | null = null;
  /** The last snapshot loaded, even if invalidated since: only for the school's name (see getSchoolName). */
  private lastLoaded: PublicSnapshot | null = null;
  private loading: Promise<PublicSnapshot> | null = null;
  /** Bumped by every save, so a read that started before it cannot install a stale snapshot. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly isTrusted: () => boolean = () => true,
  ) {}

  /** Forget the snapshot (a change was notified; tests empty the tables under it). */
  invalidate(): void {
    this.snapshot = null;
    this.loading = null;
    this.generation++;
  }

  /** The cached snapshot, if loaded: lets a 304 be answered with no database work at all. */
  peek(): PublicSnapshot | null {
    return this.snapshot;
  }

  async getPublic(): Promise<PublicSnapshot> {
    if (this.snapshot) return this.snapshot;
    const generation = this.generation;
    const loading = (this.loading ??= readSiteContent(this.db).then(
      (state) => {
        const snapshot = snapshotOf(state);
        this.lastLoaded = snapshot;
        if (generation === this.generation) {
          if (this.isTrusted()) this.snapshot = snapshot;
          this.loading = null;
        }
        return snapshot;
      },
      (error: unknown) => {
        if (generation === this.generation) this.loading = null;
        throw error;
      },
    ));
    return loading;
  }

  async getState(): Promise<ContentState> {
    return (await this.getPublic()).state;
  }

  /**
   * Password checks ask for the name inside other transactions; on PGlite (one connection) a query
   * there would wait forever, so the name comes from the snapshot, which `refresh` keeps loaded.
   */
  async getSchoolName(): Promise<string> {
    // A notification from another instance may have just dropped the snapshot (its reload is under
    // way): the name loaded a moment ago is good enough for a password rule, and needs no query.
    const snapshot = this.snapshot ?? this.lastLoaded ?? (await this.getPublic());
    return snapshot.state.content.configuracoes.nome_escola;
  }

  private async commit<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } finally {
      await this.refresh();
    }
  }

  /**
   * Drops the snapshot and loads a fresh one. Call after a change to the content tables commits
   * elsewhere (school settings, backup restore, wipe); never inside a transaction.
   */
  async refresh(): Promise<void> {
    this.invalidate();
    await this.getPublic();
  }

  /** Saves one section; `expected` is the version the editor saw (If-Match), required. */
  async saveSection(
    section: ContentSection,
    data: unknown,
    expected: number | undefined,
    actor: Actor,
  ): Promise<ContentState> {
    if (expected === undefined) throw new AppError('PRECONDITION_REQUIRED', messages.versionRequired);
    const parsed = parseSection(section, data);
    await this.commit(async (tx) => {
      await writeSiteSection(tx, section, parsed, expected, actor, 'editar');
      if (isIdentitySection(section)) await followIdentityInFooter(tx, actor, 'editar');
    });
    return this.getState();
  }

  /** Replaces the whole content (import): validated whole first, then every changed section at once. */
  async importContent(data: unknown, expected: number | undefined, actor: Actor): Promise<ContentState> {
    const parsed = siteContentSchema.parse(data);
    const current = await readSiteContent(this.db);
    assertVersion(expected, current.version);
    await this.commit(async (tx) => {
      for (const section of sectionNames) {
        if (JSON.stringify(parsed[section]) === JSON.stringify(current.content[section])) continue;
        await writeSiteSection(tx, section, parsed[section], current.versions[section], actor, 'importar');
      }
    });
    return this.getState();
  }

  /** Restores every section to its default (a new version of each; history is kept). */
  async resetContent(actor: Actor): Promise<ContentState> {
    const current = await readSiteContent(this.db);
    await this.commit(async (tx) => {
      for (const section of sectionNames) {
        if (JSON.stringify(defaultSiteContent[section]) === JSON.stringify(current.content[section]))
          continue;
        await writeSiteSection(
          tx,
          section,
          defaultSiteContent[section],
          current.versions[section],
          actor,
          'restaurar_padrao',
        );
      }
    });
    return this.getState();
  }

  async listHistory(section: ContentSection): Promise<ContentHistoryEntry[]> {
    const state = await readSiteContent(this.db);
    const [row] = await this.db.select().from(contentSections).where(eq(contentSections.section, section));
    const rows = await this.db
      .select()
      .from(contentHistory)
      .where(eq(contentHistory.section, section))
      .orderBy(desc(contentHistory.version))
      .limit(50);
    const current: ContentHistoryEntry = {
      version: state.versions[section],
      savedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
      savedBy: row?.updatedBy ?? null,
      current: true,
      data: state.content[section],
    };
    return [
      current,
      ...rows.map((item) => ({
        version: item.version,
        savedAt: item.savedAt.toISOString(),
        savedBy: item.savedBy,
        current: false,
        data: item.data,
      })),
    ];
  }

  /** Saves an earlier version of a section as its newest version. */
  async restoreVersion(section: ContentSection, version: number, actor: Actor): Promise<ContentState> {
    const [old] = await this.db
      .select()
      .from(contentHistory)
      .where(and(eq(contentHistory.section, section), eq(contentHistory.version, version)));
    let data: unknown;
    if (old) data = old.data;
    else if (version === DEFAULT_VERSION) data = defaultSiteContent[section];
    else throw notFound('Versão não encontrada.');
    const parsed = sectionSchemas[section].safeParse(data);
    const restored = parsed.success ? parsed.data : defaultSiteContent[section];
    await this.commit(async (tx) => {
      await writeSiteSection(tx, section, restored, undefined, actor, 'restaurar_versao');
      if (isIdentitySection(section)) await followIdentityInFooter(tx, actor, 'restaurar_versao');
    });
    return this.getState();
  }
}
