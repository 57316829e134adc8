import { useEffect, useState } from 'react';

/** What the last page with an e-mailed token read, so a second render of it still has the token. */
let taken: { path: string; token: string } | null = null;

/**
 * The one-time token of an e-mailed link: from the fragment (`#token=…`, what the mails carry) or,
 * for a link of an older mail, the query. It is then removed from the address bar, so it is not in
 * the history, a bookmark or a screenshot; the page sends it to the API in a POST body. The gateway
 * answers the dashboard with `Referrer-Policy: no-referrer`, and the fragment never leaves the
 * browser, so no Referer or log carries it either.
 */
export function takeLinkToken(): string {
  const { pathname, search, hash } = window.location;
  const token = new URLSearchParams(hash.slice(1)).get('token') ?? new URLSearchParams(search).get('token');
  if (token !== null) {
    taken = { path: pathname, token };
    window.history.replaceState(window.history.state, '', pathname);
  }
  return taken?.path === pathname ? taken.token : '';
}

/**
 * The token of the link this page was opened with, and of a later one opened in the same tab (a
 * link differing only in its fragment does not reload the page, it changes the hash). The setter
 * lets a page drop a token that no longer works.
 */
export function useLinkToken(): [string, (token: string) => void] {
  const [token, setToken] = useState(takeLinkToken);
  useEffect(() => {
    const onHashChange = () => {
      const fresh = takeLinkToken();
      if (fresh) setToken(fresh);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return [token, setToken];
}
