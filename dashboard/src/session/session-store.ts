/**
 * The session token lives in this module's memory and in the tab's sessionStorage (docs/dashboard.md
 * says why: no cookie, so no CSRF surface; a reload or a link opened in the same tab keeps the
 * session, another tab or a closed one does not). During a support session the operator's own token
 * is kept aside and restored when it ends.
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

const SIGNED_OUT: State = { token: null, endedBecause: null, support: null, operatorToken: null };
/** The tab's copy of the session, read once when the page loads. */
const STORAGE_KEY = 'flightagg.session';

interface TabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The tab's sessionStorage; none outside a browser (the unit tests run this module in Node). */
const tabStorage = (): TabStorage | undefined => (globalThis as { sessionStorage?: TabStorage }).sessionStorage;

/** The session this tab had before a reload; signed out when there is none or it cannot be read. */
function restored(): State {
  try {
    const saved = JSON.parse(tabStorage()?.getItem(STORAGE_KEY) ?? 'null') as Partial<State> | null;
    if (!saved || typeof saved.token !== 'string') return SIGNED_OUT;
    const support = saved.support ?? null;
    const supportValid =
      support === null ||
      (typeof support.sessionId === 'string' && typeof support.agencyId === 'string' && typeof support.reason === 'string');
    if (!supportValid) return SIGNED_OUT;
    return {
      token: saved.token,
      endedBecause: null,
      support,
      operatorToken: typeof saved.operatorToken === 'string' ? saved.operatorToken : null,
    };
  } catch {
    // Storage refused (a browser setting) or a damaged entry: sign in again.
    return SIGNED_OUT;
  }
}

/** Keeps the tab's copy in step: the tokens while signed in, nothing once signed out. */
function save(next: State): void {
  try {
    if (next.token === null) tabStorage()?.removeItem(STORAGE_KEY);
    else
      tabStorage()?.setItem(
        STORAGE_KEY,
        JSON.stringify({ token: next.token, support: next.support, operatorToken: next.operatorToken }),
      );
  } catch {
    // Storage refused: the session still works until the page is left, as before.
  }
}

let state: State = restored();
const listeners = new Set<() => void>();

function set(next: Partial<State>): void {
  state = { ...state, ...next };
  save(state);
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
