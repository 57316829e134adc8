import fs from 'node:fs';
import path from 'node:path';

/** Where `dashboard/scripts/build.mjs` writes the built UI (generated, not in git). */
export const DEFAULT_BUNDLE_DIR = path.resolve(import.meta.dirname, '../../dashboard/dist');

export interface BundleFile {
  body: Buffer;
  contentType: string;
  /** Vite names every asset by its content hash, so a browser may keep it for good. */
  immutable: boolean;
}

export interface Bundle {
  index: BundleFile;
  /** By path below /dashboard/, e.g. `assets/index-abc123.js`. */
  assets: Map<string, BundleFile>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The built files, read once into memory (a few hundred KB): no file system access per request and
 * no path ever built from the URL. Null while the bundle has not been built.
 */
export function loadBundle(dir: string): Bundle | null {
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const assets = new Map<string, BundleFile>();
  const assetDir = path.join(dir, 'assets');
  if (fs.existsSync(assetDir)) {
    for (const name of fs.readdirSync(assetDir)) {
      const contentType = CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream';
      assets.set(`assets/${name}`, { body: fs.readFileSync(path.join(assetDir, name)), contentType, immutable: true });
    }
  }
  return { index: { body: fs.readFileSync(indexFile), contentType: 'text/html; charset=utf-8', immutable: false }, assets };
}
