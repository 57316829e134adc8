import { useSyncExternalStore } from 'react';

/** A small path router under /dashboard (the gateway answers index.html for every path below it). */
export const BASE = '/dashboard';

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((listener) => listener()));

export function navigate(to: string): void {
  window.history.pushState(null, '', `${BASE}${to}`);
  listeners.forEach((listener) => listener());
}

function current(): string {
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
