import type { ReactNode } from 'react';
import { BASE, navigate } from '../lib/router';

/** A link inside the app: a real href (open in a new tab, copy), followed here without a page load. */
export function Link({ to, current, children }: { to: string; current?: boolean; children: ReactNode }) {
  return (
    <a href={`${BASE}${to}`} aria-current={current ? 'page' : undefined} onClick={(e) => (e.preventDefault(), navigate(to))}>
      {children}
    </a>
  );
}
