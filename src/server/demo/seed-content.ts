import { contentSections } from '../../shared/content.constants.js';
import { exampleSiteContent } from '../../shared/content.examples.js';
import type { DbOrTx } from '../db/client.js';
import { systemActor } from '../features/audit/index.js';
import { writeSiteSection } from '../features/content/index.js';

/**
 * The demo's public site: a made-up school's content, published as if its staff had written it. A
 * real school starts from empty sections (content.defaults.ts); only the demo shows these facts.
 */
export async function seedContent(tx: DbOrTx): Promise<void> {
  for (const section of contentSections) {
    if (section === 'privacidade' || section === 'termos') continue;
    await writeSiteSection(tx, section, exampleSiteContent[section], undefined, systemActor, 'editar');
  }
}
