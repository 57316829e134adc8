import { useSyncExternalStore } from 'react';

/** A small path router under /dashboard (the gateway answers index.html for every path below it). */
export const BASE = '/dashboard';

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((listener) => listener()));

/** Goes to `to`; `replace`: in place of the entry shown (a filter ticked), so Back leaves the screen rather than undo each tick. */
export function navigate(to: string, { replace = false } = {}): void {
  if (replace) window.history.replaceState(null, '', `${BASE}${to}`);
  else window.history.pushState(null, '', `${BASE}${to}`);
  listeners.forEach((listener) => listener());
}

/** The path shown now, below /dashboard. */
export function current(): string {
  const rest = window.location.pathname.slice(BASE.length);
  return rest === '' ? '/' : rest;
}

export function useRoute(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => `${current()}${window.location.search}`,
  );
}

export function routePath(route: string): string {
  return route.split('?')[0] ?? '/';
}

export function routeQuery(route: string): URLSearchParams {
  return new URLSearchParams(route.split('?')[1] ?? '');
}

/**
 * A path of this app to go to next, from a `next` parameter: only one that starts with a single
 * slash, so a crafted link cannot send the user to another site.
 */
export function safeNext(next: string | null, fallback: string): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : fallback;
}
