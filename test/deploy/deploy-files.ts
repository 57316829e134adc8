import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from '../../src/sources/load-config.js';

/** Reading the deployment artefacts as Docker and Compose would, for test/deploy. */

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DockerInstruction {
  keyword: string;
  args: string;
  line: number;
}

/** The Dockerfile's instructions, continuation lines joined, comments and blank lines dropped. */
export function dockerInstructions(text: string): DockerInstruction[] {
  const out: DockerInstruction[] = [];
  let pending = '';
  let start = 0;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (!pending) start = i + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      return;
    }
    const full = pending + line;
    pending = '';
    const [keyword = '', ...rest] = full.split(/\s+/);
    out.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: start });
  });
  return out;
}

/** An exec-form argument list (`["node", "dist/cli.js"]`), or null for the shell form. */
export function execForm(args: string): string[] | null {
  const trimmed = args.trim();
  if (!trimmed.startsWith('[')) return null;
  return JSON.parse(trimmed) as string[];
}

/**
 * Whether .dockerignore keeps `file` (a path relative to the context) out of the build context:
 * a pattern matches the path itself or one of the folders above it (`*` within one segment).
 */
export function dockerIgnored(patterns: string[], file: string): boolean {
  const parts = file.split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const body = (negated ? pattern.slice(1) : pattern).replace(/^\/+|\/+$/g, '');
    const re = new RegExp(`^${body.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    if (candidates.some((c) => re.test(c))) ignored = !negated;
  }
  return ignored;
}

export function dockerignorePatterns(): string[] {
  return fs
    .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }> | string[];
  stop_grace_period?: string;
  volumes?: string[];
  ports?: string[];
  networks?: Record<string, { ipv4_address?: string }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { ipam?: { config?: { subnet: string }[] } }>;
  volumes?: Record<string, unknown>;
}

/** compose.yaml as Compose reads it: anchors and `<<` merge keys resolved. */
export function parseCompose(text: string): ComposeFile {
  return parse(text, { merge: true }) as ComposeFile;
}

export function readCompose(): ComposeFile {
  return parseCompose(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'));
}

/**
 * Compose's interpolation with the values an operator would give: `${X:?msg}` and `${X}` from
 * `values` (a test fails on a required one it did not supply), `${X:-default}` from values or the default.
 */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{([A-Z0-9_]+)(?:(:\?|:-)([^}]*))?\}/g, (_m, name: string, op?: string, rest?: string) => {
    if (values[name] !== undefined) return values[name];
    if (op === ':-') return rest ?? '';
    throw new Error(`compose.yaml needs ${name}${op === ':?' ? ` (${rest})` : ''}`);
  });
}

/**
 * The environment variables the gateway and its test-system command read: their declarations
 * (src/platform/config-variables.ts), which test/platform/config-reference.test.ts proves complete.
 */
export function configVariables(): Set<string> {
  return new Set(CONFIG_VARIABLES.map((v) => v.name));
}
