/** What every webhook endpoint route's documentation says. */
export const tags = ['portal: webhooks'];
export const WHO =
  'Owners and admins of the agency, on a session whose second factor was verified (403 `role_forbidden`, `mfa_required`). ';
