import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The seller's page: built from web/ into web/dist, served by the service at `/`. */
export default defineConfig({
  root: webRoot,
  base: '/',
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8787', '/media': 'http://127.0.0.1:8787' },
  },
});
