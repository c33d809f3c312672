import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
