import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { SiteApp } from './features/site/site-app';
import { normalizeContent } from './domain/normalize-content';
import { seedSiteContent } from './domain/site-content-store';

/** Entry of the public page: hydrates what the server rendered (see src/client/site-ssr.tsx). */
const root = document.getElementById('root')!;
const embeddedElement = document.getElementById('site-content-data');
const embedded = embeddedElement?.textContent;
let serverContent;
try {
  serverContent = normalizeContent(embedded ? JSON.parse(embedded) : null) ?? undefined;
} catch {
  serverContent = undefined;
}

if (serverContent) {
  seedSiteContent(serverContent, embeddedElement?.dataset.etag || null);
  hydrateRoot(
    root,
    <StrictMode>
      <SiteApp serverContent={serverContent} hydrating />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <SiteApp />
    </StrictMode>,
  );
}
