import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testSystemStorage } from '../../src/cli/testsystem-commands.js';
import { ConfigError } from '../../src/platform/config.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { SOURCES } from '../../src/sources/table.js';
import { variablesSetIn } from '../../src/platform/config-variables.js';
import { CONFIG_VARIABLES } from '../../src/sources/load-config.js';
import { blockCount, REFERENCE_FILES, renderBlock, ROOT, staleFiles } from '../../tools/docs/config-reference.js';

/** An environment that records every name read from it. */
function recordingEnv(values: Record<string, string> = {}): { env: Record<string, string | undefined>; read: Set<string> } {
  const read = new Set<string>();
  const env = new Proxy(values as Record<string, string | undefined>, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  return { env, read };
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

const declared = (command?: 'testsystem') => CONFIG_VARIABLES.filter((v) => v.command === command).map((v) => v.name);

describe('the configuration reference (src/platform/config-variables.ts)', () => {
  it('declares every variable the gateway reads, and the gateway reads every one declared', () => {
    const { env, read } = recordingEnv();
    loadConfig(env);
    expect([...read].sort()).toEqual(declared().sort());
  });

  it('declares the test-system command’s own variables, and only those', () => {
    const { env, read } = recordingEnv();
    for (const { slug } of SOURCES) testSystemStorage({}, env as NodeJS.ProcessEnv, '/tmp/gateway-data', slug);
    expect([...read].sort()).toEqual(declared('testsystem').sort());
  });

  it('names each variable once', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('holds the ranges and protocols it publishes: a value past them is refused naming the variable', () => {
    for (const v of CONFIG_VARIABLES) {
      const { value } = v;
      if (value.kind === 'int') {
        expect(problemsOf({ [v.name]: String(value.max + 1) }), v.name).toContain(
          `${v.name} must be an integer from ${value.min} to ${value.max} (got "${value.max + 1}")`,
        );
        expect(problemsOf({ [v.name]: String(value.min) }).filter((p) => p.startsWith(`${v.name} must be an integer`))).toEqual(
          [],
        );
      }
      if (value.kind === 'url') {
        expect(problemsOf({ [v.name]: 'ftp://example.test/' }).join('\n'), v.name).toContain(
          `${v.name} must be a URL starting with`,
        );
      }
      if (value.kind === 'bool') {
        expect(problemsOf({ [v.name]: 'maybe' }), v.name).toContain(`${v.name} must be true or false (got "maybe")`);
      }
    }
  });

  it('is what README.md and docs/operations/*.md carry (run `npm run docs:config` after changing a declaration)', () => {
    for (const file of REFERENCE_FILES) {
      expect(blockCount(fs.readFileSync(path.join(ROOT, file), 'utf8')), file).toBeGreaterThan(0);
    }
    expect(staleFiles().map((f) => f.file)).toEqual([]);
  });

  it('lists every declared variable in the full reference, with its default', () => {
    const all = renderBlock('all', 'README.md');
    for (const v of CONFIG_VARIABLES) expect(all).toContain(`| \`${v.name}\` |`);
    expect(all).toContain('| `PORT` | `8080` | integer 0-65535 |');
    expect(() => renderBlock('no-such-topic', 'README.md')).toThrow(/unknown configuration topic/);
  });

  it('gives the start banner the names of the variables set, never their values', () => {
    expect(
      variablesSetIn(CONFIG_VARIABLES, { PORT: '9000', KEYRING: 'k1:offer-ids:secret', DATABASE_URL: '', NOT_OURS: 'x' }),
    ).toEqual(['PORT', 'KEYRING']);
  });
});
