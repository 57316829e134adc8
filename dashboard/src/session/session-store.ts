/**
 * The session token lives in this module's memory only (docs/dashboard.md says why: no cookie, so
 * no CSRF surface; nothing in storage for an injected script to read later; a reload signs out).
 * During a support session the operator's own token is kept aside and restored when it ends.
 */
export interface SupportContext {
  sessionId: string;
  agencyId: string;
  reason: string;
}

interface State {
  token: string | null;
  /** Why the last session ended, shown on the sign-in screen. */
  endedBecause: string | null;
  support: SupportContext | null;
  operatorToken: string | null;
}

let state: State = { token: null, endedBecause: null, support: null, operatorToken: null };
const listeners = new Set<() => void>();

function set(next: Partial<State>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const session = {
  token: () => state.token,
  snapshot: () => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string): void {
    set({ token, endedBecause: null, support: null, operatorToken: null });
  },
  signOut(message: string | null = null): void {
    set({ token: null, endedBecause: message, support: null, operatorToken: null });
  },
  /**
   * A call sent with this Authorization header answered 401: the session it carried has ended.
   * Only the token in use now is expired; a late answer for a session already ended (a support
   * session's call still on the way when it was closed) must not end the one that replaced it.
   */
  refused(authorization: string | null): void {
    if (state.token !== null && authorization === `Bearer ${state.token}`) session.expire();
  },
  expire(): void {
    if (!state.token) return;
    if (state.support && state.operatorToken) {
      set({ token: state.operatorToken, operatorToken: null, support: null, endedBecause: 'The support session has ended.' });
      return;
    }
    set({
      token: null,
      support: null,
      operatorToken: null,
      endedBecause: 'Your session has expired. Sign in again to continue.',
    });
  },
  startSupport(token: string, support: SupportContext): void {
    set({ operatorToken: state.token, token, support });
  },
  endSupport(): void {
    // Already ended (its logout answered 401 and expire() restored the operator's session).
    if (!state.support) return;
    set({ token: state.operatorToken, operatorToken: null, support: null });
  },
};
