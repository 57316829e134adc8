import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../dashboard/src/session/session-store.js';

/**
 * The dashboard's API client hands every 401 to `session.refused` with the Authorization header
 * the call carried (dashboard/src/api/client.ts). Only the session in use may end by it: ending a
 * support session while one of its calls was still on the way used to sign the operator out.
 */
describe('the dashboard session after a 401', () => {
  const support = { sessionId: 's1', agencyId: 'agy_1', reason: 'Ticket 1' };
  beforeEach(() => session.signOut());

  it('ends the session in use when its own token is refused', () => {
    session.signIn('agency-token');
    session.refused('Bearer agency-token');
    expect(session.snapshot()).toMatchObject({
      token: null,
      endedBecause: 'Your session has expired. Sign in again to continue.',
    });
  });

  it("keeps the operator signed in when a support session's call is refused after the session ended", () => {
    session.signIn('operator-token');
    session.startSupport('support-token', support);
    session.endSupport();
    session.refused('Bearer support-token');
    expect(session.snapshot()).toMatchObject({ token: 'operator-token', support: null, endedBecause: null });
  });

  it('ignores a refusal of a token from before the last sign-in, and of a call sent with none', () => {
    session.signIn('old-token');
    session.signIn('new-token');
    session.refused('Bearer old-token');
    session.refused(null);
    expect(session.snapshot()).toMatchObject({ token: 'new-token', endedBecause: null });
  });

  it("hands back the operator's session, with a message, when the support session itself expires", () => {
    session.signIn('operator-token');
    session.startSupport('support-token', support);
    session.refused('Bearer support-token');
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
