import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateClientTypes } from '../../dashboard/scripts/generate-client.js';

// storage-free: its one process is tsc, type-checking the dashboard against the description; no gateway runs.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DASHBOARD = path.join(ROOT, 'dashboard');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** tsc's complaints about a project, or '' when it type-checks. */
function typeErrors(tsconfig: string): string {
  try {
    execFileSync(process.execPath, [TSC, '-p', tsconfig], { encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

/**
 * The dashboard cannot drift from the API: its client types are generated from the gateway's own
 * /openapi.json (never committed: dashboard/src/api/schema.ts is ignored), and the UI must
 * type-check against types generated from the description served today. A change to the API that
 * the UI does not follow fails here; one it does not use passes.
 */
describe('dashboard typed client', () => {
  // Inside the repository so the copy resolves react, @tanstack/react-query... from node_modules.
  const scratch = fs.mkdtempSync(path.join(DASHBOARD, '.client-check-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('type-checks the dashboard source (strict) against client types generated from the served description', async () => {
    fs.cpSync(path.join(DASHBOARD, 'src'), path.join(scratch, 'src'), {
      recursive: true,
      // A developer's own generated copy may be stale: the check uses only the one made now.
      filter: (source) => path.relative(path.join(DASHBOARD, 'src'), source) !== path.join('api', 'schema.ts'),
    });
    fs.writeFileSync(path.join(scratch, 'src/api/schema.ts'), await generateClientTypes());
    // Incremental: the second case adds one file, and tsc checks only that one again.
    const tsconfig = {
      extends: '../tsconfig.json',
      compilerOptions: { incremental: true, tsBuildInfoFile: path.join(scratch, 'tsconfig.tsbuildinfo') },
      include: ['src'],
    };
    fs.writeFileSync(path.join(scratch, 'tsconfig.json'), JSON.stringify(tsconfig));
    // On an error: fix the screens it names (`npm run dashboard:client` refreshes your editor's copy).
    expect(typeErrors(path.join(scratch, 'tsconfig.json'))).toBe('');
  }, 180_000);

  it("refuses a screen comparing a code the dashboard's operations never answer (the generated ErrorCode union)", () => {
    // The copy above type-checks; one file added that compares a misspelled code must not.
    fs.writeFileSync(
      path.join(scratch, 'src/misspelled-code.ts'),
      "import type { ApiError } from './api/api-error';\n" +
        "export const stepUpFailed = (error: ApiError) => error.code === 'step_up_faild';\n",
    );
    expect(typeErrors(path.join(scratch, 'tsconfig.json'))).toMatch(/misspelled-code\.ts\(2,\d+\): error TS2367/);
  }, 180_000);
});
