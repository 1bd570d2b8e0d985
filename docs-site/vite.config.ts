// The docs site's pages built by Vite: the home page and the explorer. Relative asset paths, so dist/ works
// from any static host and any sub-path. The Redoc reference pages are added by build/build-site.ts.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundledDocumentsPlugin } from '../spec-model/vite-plugin';
import { operationIndexPlugin } from './build/operation-index-plugin';

const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  mode: 'production',
  logLevel: 'warn',
  plugins: [react(), operationIndexPlugin(), bundledDocumentsPlugin()],
  build: {
    outDir: join(here, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: { home: join(here, 'index.html'), explorer: join(here, 'explorer', 'index.html') },
    },
  },
});
