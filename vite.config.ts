import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig(({ mode }) => ({
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
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
