import fs from 'node:fs';
import path from 'node:path';
import { CONFIG_TOPICS, type ConfigTopic, type ConfigVariable } from '../../src/platform/config-variables.js';
import { CONFIG_VARIABLES } from '../../src/sources/load-config.js';

/**
 * The configuration reference, rendered from src/platform/config-variables.ts into the Markdown
 * files that carry it. A file asks for it with a pair of markers; what sits between them is
 * replaced as a whole:
 *
 *   <!-- config-reference: all -->          every variable, a table per topic
 *   <!-- config-reference: http, storage --> those topics' variables, one table
 *   <!-- /config-reference -->
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The files that carry generated blocks, relative to the repository root. */
export const REFERENCE_FILES = [
  'README.md',
  'docs/operations/http.md',
  'docs/operations/metering.md',
  'docs/operations/airline-notifications.md',
];

const BLOCK = /(<!-- config-reference: ([a-z, -]+) -->\n)[\s\S]*?(<!-- \/config-reference -->)/g;
const NOTE = '<!-- generated from src/platform/config-variables.ts by `npm run docs:config`: edit there, not here -->';

const code = (text: string | number | boolean) => `\`${text}\``;

function defaultCell(v: ConfigVariable): string {
  if (v.unset !== undefined) return v.unset;
  const { value } = v;
  switch (value.kind) {
    case 'int':
    case 'bool':
    case 'choice':
      return code(value.default);
    case 'text':
      return value.default === '' ? 'empty' : code(value.default);
    case 'optional':
    case 'url':
    case 'custom':
      return 'unset';
  }
}

function acceptsCell(v: ConfigVariable): string {
  const { value } = v;
  switch (value.kind) {
    case 'int':
      return `integer ${value.min}-${value.max}`;
    case 'bool':
      return '`true` or `false`';
    case 'url':
      return value.protocols.map((p) => code(`${p}//`)).join(' or ');
    case 'choice':
      return value.allowed.map(code).join(', ');
    case 'text':
    case 'optional':
    case 'custom':
      return 'text';
  }
}

/** Links in descriptions are written from the repository root; a file elsewhere gets them relative to itself. */
function relink(description: string, file: string): string {
  const from = path.dirname(file);
  return description.replace(/\]\(((?:docs|src|bench)\/[^)#]*)(#[^)]*)?\)/g, (_m, target: string, anchor = '') => {
    const relative = path.relative(from, target) || path.basename(target);
    return `](${relative}${anchor as string})`;
  });
}

function table(variables: readonly ConfigVariable[], file: string): string {
  const rows = variables.map(
    (v) => `| ${code(v.name)} | ${defaultCell(v)} | ${acceptsCell(v)} | ${relink(v.description, file).replace(/\|/g, '\\|')} |`,
  );
  return ['| variable | default | accepts | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** The Markdown a block asks for (`all`, or a comma list of topics), for the file it sits in. */
export function renderBlock(spec: string, file: string): string {
  if (spec.trim() === 'all') {
    const sections = (Object.keys(CONFIG_TOPICS) as ConfigTopic[]).map((topic) => {
      const variables = CONFIG_VARIABLES.filter((v) => v.topic === topic);
      return `### ${CONFIG_TOPICS[topic]}\n\n${table(variables, file)}`;
    });
    return `${NOTE}\n\n${sections.join('\n\n')}\n`;
  }
  const topics = spec.split(',').map((t) => t.trim());
  for (const topic of topics) {
    if (!(topic in CONFIG_TOPICS)) throw new Error(`${file}: unknown configuration topic "${topic}"`);
  }
  return `${NOTE}\n\n${table(
    CONFIG_VARIABLES.filter((v) => topics.includes(v.topic)),
    file,
  )}\n`;
}

/** The file's text with every block regenerated; `file` is relative to the repository root. */
export function regenerate(text: string, file: string): string {
  return text.replace(BLOCK, (_m, open: string, spec: string, close: string) => `${open}${renderBlock(spec, file)}${close}`);
}

/** How many blocks a file carries. */
export function blockCount(text: string): number {
  return [...text.matchAll(BLOCK)].length;
}

/** Reads each reference file and returns those whose text regeneration changes. */
export function staleFiles(): { file: string; current: string; expected: string }[] {
  return REFERENCE_FILES.map((file) => {
    const current = fs.readFileSync(path.join(ROOT, file), 'utf8');
    return { file, current, expected: regenerate(current, file) };
  }).filter((f) => f.current !== f.expected);
}
