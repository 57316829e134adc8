import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * "Which agency does this session act for" has one answer, agencyOfSession (src/identity/sessions/
 * session-auth.ts): it refuses a session of no agency and a support session lacking the permission
 * (SUPPORT_PERMISSIONS). Code outside identity/ that reads the session's `agencyId` itself would
 * skip those refusals, so it may do so only where listed here, each saying why no refusal belongs.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

const MAY_READ_IT: Record<string, string> = {
  // Keys the search rate limit, before any route decides anything; none is a valid key.
  'shopping/search-rate-limit.ts': 'rate-limit key',
  // Names the agency a support actor acts on behalf of, after agencyOfSession let it through.
  'orders/route-context.ts': 'support actor',
  // The session's own view (GET /v1/dev/me): its agency, or none for a platform account.
  'portal/services.ts': 'own view',
  // The account's own security events, of its agency or of none.
  'portal/security/service.ts': 'own events',
};

/** A read of `agencyId` on the session object, by the names the code gives it. */
const SESSION_AGENCY_READ = /\b(?:ctx|session|request\.session|sessionOf\(\w+\))\??!?\.agencyId\b/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const readers = sourceFiles(SRC)
  .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
  .filter((file) => !file.startsWith('identity/'))
  .filter((file) => SESSION_AGENCY_READ.test(fs.readFileSync(path.join(SRC, file), 'utf8')));

describe("the session's agency", () => {
  it('is read outside identity/ only through agencyOfSession, but where listed with its reason', () => {
    expect(readers.filter((file) => !(file in MAY_READ_IT))).toEqual([]);
  });

  it('has no stale entry in the list: each listed file still reads it', () => {
    expect(Object.keys(MAY_READ_IT).filter((file) => !readers.includes(file))).toEqual([]);
  });

  it('is recognised in the spellings the code uses', () => {
    const spellings = ['ctx.agencyId', 'session.agencyId', 'request.session?.agencyId', 'sessionOf(request).agencyId'];
    expect(spellings.filter((text) => !SESSION_AGENCY_READ.test(text))).toEqual([]);
    expect(SESSION_AGENCY_READ.test('request.apiKey?.agencyId')).toBe(false);
  });
});
