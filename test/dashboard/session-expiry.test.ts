import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../dashboard/src/api/client.js';
import { session } from '../../dashboard/src/session/session-store.js';

/**
 * The dashboard's API client ends the session it was using when an answer says 401. A late answer
 * for a session that has already ended must not end the one in use since: ending a support session
 * while one of its calls was still on the way signed the operator out altogether.
 */
describe("the dashboard client's 401 handling", () => {
  let server: http.Server;
  let baseUrl: string;
  // Answers held until the test releases them, by the token they carried.
  const held = new Map<string, () => void>();

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const answer = () => {
        const expired = token === 'support-token' || token === 'expired-token';
        response.writeHead(expired ? 401 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(expired ? { error: 'session expired', code: 'unauthorized' } : {}));
      };
      if (request.url === '/v1/dev/me?hold=1') held.set(token, answer);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    session.signOut();
    held.clear();
  });

  async function heldCall(): Promise<{ release: () => void; done: Promise<unknown> }> {
    const done = api.GET('/v1/dev/me', { baseUrl, params: { query: { hold: '1' } } as never });
    for (let i = 0; i < 200 && held.size === 0; i++) await new Promise((r) => setTimeout(r, 5));
    const [release] = [...held.values()];
    if (!release) throw new Error('the call never reached the server');
    return { release, done };
  }

  it('ends the session in use when its own token is refused', async () => {
    session.signIn('expired-token');
    await api.GET('/v1/dev/me', { baseUrl });
    expect(session.snapshot()).toMatchObject({
      token: null,
      endedBecause: 'Your session has expired. Sign in again to continue.',
    });
  });

  it("keeps the operator signed in when a support session's call is refused after the session ended", async () => {
    session.signIn('operator-token');
    session.startSupport('support-token', { sessionId: 's1', agencyId: 'agy_1', reason: 'Ticket 1' });
    const late = await heldCall();
    session.endSupport();
    late.release();
    await late.done;
    expect(session.snapshot()).toMatchObject({ token: 'operator-token', support: null, endedBecause: null });
    // The operator's own calls still go out with the operator's token, and are answered.
    const { response } = await api.GET('/v1/dev/me', { baseUrl });
    expect(response.status).toBe(200);
  });

  it("hands back the operator's session, with a message, when the support session itself expires", async () => {
    session.signIn('operator-token');
    session.startSupport('support-token', { sessionId: 's1', agencyId: 'agy_1', reason: 'Ticket 1' });
    await api.GET('/v1/dev/me', { baseUrl });
    expect(session.snapshot()).toMatchObject({
      token: 'operator-token',
      support: null,
      endedBecause: 'The support session has ended.',
    });
    // Ending it afterwards (its logout answered 401 first) leaves the operator signed in.
    session.endSupport();
    expect(session.snapshot()).toMatchObject({ token: 'operator-token', support: null });
  });
});
