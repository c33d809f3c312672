import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
