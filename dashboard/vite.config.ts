import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The dashboard bundle: served by the gateway under /dashboard/ (src/dashboard/plugin.ts), so the
 * base is that path. Plain esbuild JSX (no React plugin: the gateway serves a built bundle, there is
 * no dev server to hot-reload). Everything is bundled; nothing is fetched from another origin.
 */
const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  root,
  base: '/dashboard/',
  logLevel: 'warn',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    // Evergreen browsers only: no inline preload polyfill, which a strict CSP would refuse anyway.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      // React Server Components markers ("use client") in TanStack Query mean nothing in a plain bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
