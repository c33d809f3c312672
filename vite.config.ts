import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The public page (`--mode site`, its client bundle and its server renderer) runs on Preact through its
 * React compatibility layer: the same components, a tenth of React DOM's code to download, parse and
 * hydrate on a school family's phone (ADR 0013). The portal keeps React.
 */
const preactForReact = [
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The portal's service worker (issue 35, ADR 0052): built by Workbox from src/client/sw/sw.ts with the
 * portal's own files to precache. Only the portal build makes it: the public page (`--mode site`) gets
 * no worker code and registers none (its weight budget in the README).
 */
const portalServiceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/client/sw',
  filename: 'sw.ts',
  // main.tsx registers it (after sign-in matters, and the update prompt is the portal's own).
  injectRegister: false,
  // The manifest is the school's (its name, logo and colours): the server writes it from the settings.
  manifest: false,
  injectManifest: {
    // The portal's shell: its page, scripts and styles. Fonts, images and every API answer stay out.
    globPatterns: ['index.html', 'assets/*.{js,css}'],
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  },
});

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(mode === 'site' || isSsrBuild ? [] : [portalServiceWorker])],
  resolve: mode === 'site' ? { alias: preactForReact } : {},
  build: {
    outDir: 'dist/client',
    // `--mode site` builds the public page (site.html) on its own, after the portal, so the two
    // share no chunk and the landing page loads none of the portal's code.
    emptyOutDir: mode !== 'site',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: { input: mode === 'site' ? 'site.html' : 'index.html' },
  },
  // The public page's server renderer (dist/ssr) carries its own React, React DOM and icons, built for
  // production: the server needs no front-end package at run time, loads only the icons the page
  // uses, and never React's development build (issue 11).
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/validar': 'http://localhost:3000',
    },
  },
}));
