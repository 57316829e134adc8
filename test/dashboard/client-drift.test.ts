import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateClientTypes, SCHEMA_FILE } from '../../dashboard/scripts/generate-client.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The dashboard cannot drift from the API: its client types are regenerated from the gateway's
 * own /openapi.json and must equal the checked-in file, and the UI must type-check against them.
 */
describe('dashboard typed client', () => {
  it('is what `npm run dashboard:client` generates from the served description today', async () => {
    const fresh = await generateClientTypes();
    const checkedIn = fs.readFileSync(SCHEMA_FILE, 'utf8');
    // On a difference: run `npm run dashboard:client`, fix what no longer type-checks, commit both.
    expect(checkedIn === fresh, 'dashboard/src/api/schema.ts is stale: run `npm run dashboard:client`').toBe(true);
  }, 120_000);

  it('type-checks the dashboard source against it (strict)', () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', path.join(ROOT, 'dashboard/tsconfig.json')], { encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 120_000);
});
