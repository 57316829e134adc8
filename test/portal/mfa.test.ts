import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { newRecoveryCode, recoveryCodeCandidates, recoveryCodeHash } from '../../src/portal/mfa/recovery-codes.js';
import { PASSWORD, startPortal, type Portal } from './portal-harness.js';

let p: Portal;
beforeAll(async () => {
  p = await startPortal();
});
afterAll(async () => p.close());

async function challengeFor(email: string): Promise<string> {
  const res = await p.login(email);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ mfaRequired: true });
  expect(res.json().token).toBeUndefined();
  return res.json().challenge as string;
}

const completeMfa = (challenge: string, code: string) => p.request(null, 'POST', '/v1/dev/login/mfa', { challenge, code });

describe('TOTP enrolment', () => {
  it('needs step-up to start, gives an otpauth URI, keeps the seed sealed, and enables on a right code', async () => {
    const user = await p.user();
    const token = await p.token(user.email);
    const noStepUp = await p.request(token, 'POST', '/v1/dev/me/mfa/totp');
    expect(noStepUp.statusCode).toBe(403);
    expect(noStepUp.json().code).toBe('step_up_required');

    const started = await p.request(token, 'POST', '/v1/dev/me/mfa/totp', { password: PASSWORD });
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri } = started.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(otpauthUri).toContain('issuer=Flight%20Gateway');
    const { rows } = await sql<{
      totp_pending_secret: string;
    }>`select totp_pending_secret from users where id = ${user.id}`.execute(p.platform.db);
    expect(rows[0]!.totp_pending_secret).not.toContain(secret);
    expect(p.platform.keyring.open('totp-seeds', rows[0]!.totp_pending_secret)).toBe(secret);

    const wrong = await p.request(token, 'POST', '/v1/dev/me/mfa/totp/confirm', {
      code: '000000' === p.totp(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await p.request(token, 'GET', '/v1/dev/me')).json().mfa).toMatchObject({
      totpEnabled: false,
      enrolmentPending: true,
    });

    const confirmed = await p.request(token, 'POST', '/v1/dev/me/mfa/totp/confirm', { code: p.totp(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await p.request(token, 'GET', '/v1/dev/me')).json().mfa).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
    expect((await p.request(token, 'POST', '/v1/dev/me/mfa/totp', { password: PASSWORD })).statusCode).toBe(409);

    const events = await p.request(token, 'GET', '/v1/dev/me/security-events?kind=mfa.enabled');
    expect(events.json().total).toBe(1);
  });
});

describe('login with a second factor', () => {
  it('answers a challenge, then a session for a right TOTP code; a code works only once', async () => {
    const user = await p.user();
    const { secret } = await p.enrolTotp(await p.token(user.email));
    p.advance(30_000);

    const challenge = await challengeFor(user.email);
    const bad = await completeMfa(challenge, '12345x');
    expect(bad.statusCode).toBe(401);
    const code = p.totp(secret);
    const ok = await completeMfa(challenge, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().session.mfaVerifiedAt).not.toBeNull();
    const me = await p.request(ok.json().token, 'GET', '/v1/dev/me');
    expect(me.statusCode).toBe(200);

    expect((await completeMfa(challenge, code)).statusCode).toBe(401);
    const replay = await completeMfa(await challengeFor(user.email), code);
    expect(replay.statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const user = await p.user();
    const { recoveryCodes } = await p.enrolTotp(await p.token(user.email));
    const ok = await completeMfa(await challengeFor(user.email), recoveryCodes[0]!.toUpperCase());
    expect(ok.statusCode).toBe(200);
    expect((await completeMfa(await challengeFor(user.email), recoveryCodes[0]!)).statusCode).toBe(401);
    const me = await p.request(ok.json().token, 'GET', '/v1/dev/me');
    expect(me.json().mfa.recoveryCodesLeft).toBe(9);
  });

  it('spends a challenge after 5 wrong codes or 5 minutes, and counts wrong codes towards the lockout', async () => {
    const user = await p.user();
    const { secret } = await p.enrolTotp(await p.token(user.email));
    p.advance(30_000);
    const challenge = await challengeFor(user.email);
    for (let i = 0; i < 4; i++) expect((await completeMfa(challenge, 'zzzzz-zzzzz')).statusCode).toBe(401);
    expect((await completeMfa(challenge, 'zzzzz-zzzzz')).statusCode).toBe(401);
    // Five wrong codes: the challenge is spent and the account locked.
    expect((await completeMfa(challenge, p.totp(secret))).statusCode).toBe(401);
    expect((await p.login(user.email)).statusCode).toBe(401);

    const other = await p.user();
    const enrolled = await p.enrolTotp(await p.token(other.email));
    const late = await challengeFor(other.email);
    p.advance(5 * 60_000 + 1_000);
    expect((await completeMfa(late, p.totp(enrolled.secret))).statusCode).toBe(401);
  });
});

describe('step-up and removal', () => {
  it('re-verifies inside a session, and removes the factor only with step-up', async () => {
    const user = await p.user();
    const token = await p.token(user.email);
    const { secret } = await p.enrolTotp(token);
    p.advance(11 * 60_000);
    // The session is stale for step-up now, and idle for 11 minutes only: still open.
    const refused = await p.request(token, 'DELETE', '/v1/dev/me/mfa/totp');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('step_up_required');
    expect((await p.request(token, 'DELETE', '/v1/dev/me/mfa/totp', { password: 'not-my-password-1' })).statusCode).toBe(403);

    const verified = await p.request(token, 'POST', '/v1/dev/me/mfa/verify', { code: p.totp(secret) });
    expect(verified.statusCode).toBe(200);
    expect(new Date(verified.json().freshUntil).getTime() - new Date(verified.json().mfaVerifiedAt).getTime()).toBe(10 * 60_000);
    const wrong = await p.request(token, 'POST', '/v1/dev/me/mfa/verify', { code: '99999x' });
    expect(wrong.statusCode).toBe(403);

    const removed = await p.request(token, 'DELETE', '/v1/dev/me/mfa/totp');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: 'disabled' });
    expect((await p.login(user.email)).json().mfaRequired).toBe(false);
    const kinds = (await p.request(token, 'GET', '/v1/dev/me/security-events'))
      .json()
      .events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['mfa.enabled', 'mfa.disabled', 'step_up.failed']));
  });

  it('replaces recovery codes with step-up', async () => {
    const user = await p.user();
    const token = await p.token(user.email);
    const { recoveryCodes } = await p.enrolTotp(token);
    const fresh = await p.request(token, 'POST', '/v1/dev/me/mfa/recovery-codes', { password: PASSWORD });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect((await completeMfa(await challengeFor(user.email), recoveryCodes[1]!)).statusCode).toBe(401);
    expect((await completeMfa(await challengeFor(user.email), fresh.json().recoveryCodes[1])).statusCode).toBe(200);
  });
});

describe('recovery codes at rest', () => {
  it('issues 80-bit codes (16 base32 characters in groups of four), stored only as keyed hashes', async () => {
    const user = await p.user();
    const { recoveryCodes } = await p.enrolTotp(await p.token(user.email));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const { rows } = await sql<{ code_hash: string }>`
      select code_hash from recovery_codes where user_id = ${user.id}`.execute(p.platform.db);
    expect(rows).toHaveLength(10);
    const keyId = p.platform.keyring
      .keyIds()
      .filter((k) => k.purpose === 'recovery-codes')
      .at(-1)!.id;
    const stored = rows.map((r) => r.code_hash).join('\n');
    for (const row of rows) expect(row.code_hash).toMatch(new RegExp(`^hmac:${keyId}:[0-9a-f]{64}$`));
    for (const code of recoveryCodes) {
      const bare = code.replaceAll('-', '');
      expect(stored).not.toContain(bare);
      // Not the unsalted SHA-256 of the code: the table alone gives nothing to test guesses against.
      expect(stored).not.toContain(createHash('sha256').update(bare).digest('hex'));
    }
    // Typed with spaces instead of hyphens, in capitals, it still works, once.
    const typed = recoveryCodes[3]!.toUpperCase().replaceAll('-', ' ');
    expect((await completeMfa(await challengeFor(user.email), typed)).statusCode).toBe(200);
    expect((await completeMfa(await challengeFor(user.email), recoveryCodes[3]!)).statusCode).toBe(401);
  });

  it('keeps accepting a code stored before keyed hashing (unsalted SHA-256) until it is used or regenerated', async () => {
    const user = await p.user();
    const token = await p.token(user.email);
    await p.enrolTotp(token);
    // Two codes of the old shape, as the previous release stored them.
    for (const legacy of ['k3x9q-7bm2a', 'p0w4z-n8r1c']) {
      const hash = createHash('sha256').update(legacy.replace('-', '')).digest('hex');
      await sql`insert into recovery_codes (user_id, code_hash) values (${user.id}, ${hash})`.execute(p.platform.db);
    }
    expect((await completeMfa(await challengeFor(user.email), 'k3x9q-7bm2a')).statusCode).toBe(200);
    expect((await completeMfa(await challengeFor(user.email), 'k3x9q-7bm2a')).statusCode).toBe(401);

    const fresh = await p.request(token, 'POST', '/v1/dev/me/mfa/recovery-codes', { password: PASSWORD });
    expect(fresh.statusCode).toBe(200);
    expect((await completeMfa(await challengeFor(user.email), 'p0w4z-n8r1c')).statusCode).toBe(401);
  });

  it('keeps verifying codes hashed under an earlier recovery-codes key after the keyring gains a new one', () => {
    const newKey = `rc-next:recovery-codes:${randomBytes(32).toString('base64')}`;
    const text = Keyring.generateText();
    const oldRing = Keyring.parse(text);
    const rotated = Keyring.parse(`${text}\n${newKey}`);
    const code = newRecoveryCode();
    const stored = recoveryCodeHash(oldRing, 'usr_1', code);
    expect(recoveryCodeCandidates(rotated, 'usr_1', code)).toContain(stored);
    expect(recoveryCodeHash(rotated, 'usr_1', code)).toMatch(/^hmac:rc-next:/);
    // Bound to the user: the same code of another user is another hash.
    expect(recoveryCodeCandidates(rotated, 'usr_2', code)).not.toContain(stored);
  });
});
