/** The dashboard's pages an e-mailed link opens (dashboard/src/lib/paths.ts names the same ones). */
export type DashboardLinkPage = 'verify-email' | 'reset-password' | 'accept-invite';

/**
 * A link into the dashboard at PUBLIC_URL carrying a one-time token. The token rides in the URL
 * fragment, which a browser never sends to a server: it stays out of access logs, proxies and any
 * Referer; the page reads it, strips it from the address bar and POSTs it to the API.
 */
export function dashboardLink(publicUrl: string, page: DashboardLinkPage, token: string): string {
  const link = new URL(`/dashboard/${page}`, publicUrl);
  link.hash = new URLSearchParams({ token }).toString();
  return link.toString();
}
