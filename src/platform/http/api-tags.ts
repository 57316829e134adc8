import type { ApiAudience } from './api-audience.js';

/**
 * The tags of the API descriptions, declared once with what each group is for, in the order the docs
 * page lists them, so it shows a described section per group and generators group operations the
 * same way. A route names its group with `schema.tags`; the lint test fails on a tag not declared here.
 * `audience` is the description the tag's operations belong to (api-audiences.ts): a session route
 * under an integrator's tag (the dashboard's own search, price and book) is the dashboard's; each
 * description lists only the tags its operations carry.
 */
export const API_TAGS = [
  {
    name: 'shopping',
    audience: 'integrator',
    description: 'Search flights across airlines: one request, offers from every connected airline.',
  },
  {
    name: 'offers',
    audience: 'integrator',
    description: 'Price an offer before booking (re-pricing answers a new `offer_id`: book that one), seat maps and services.',
  },
  {
    name: 'orders',
    audience: 'integrator',
    description:
      'Book an offer (ticketed at once, or a hold to pay later), pay a hold, read and list orders, and service them: ' +
      'quote, change, reshop, cancel, refunds, history. ' +
      "An order id is looked up in your agency's own orders first: an id it does not hold is 404 `order_not_found` whatever `airline` is sent, " +
      'with or without an airline prefix (`unknown airline` for an id with no prefix and no `airline` is the rule for offer ids). ' +
      'Every write of an order and its refund eligibility require `airline` (a required parameter below, whatever the order id): ' +
      "a missing or blank one is 400 `airline is required` before the lookup; one that is not the order's carrier is 400 `airline does not match the order`. " +
      'An order is changed by one request at a time: a write (commit, change, cancel, refund, their quotes, acknowledge-changes) sent while another ' +
      'write of the same order runs is 409 `order_busy` with `Retry-After`, before any airline call and with nothing changed; retry after that many ' +
      'seconds, once the other write has finished (GET the order first: it may have done what you asked).',
  },
  {
    name: 'events',
    audience: 'integrator',
    description:
      "Your agency's order events of the key's environment, kept 30 days: list them, read one with its webhook delivery state, " +
      'or stream them as Server-Sent Events (what `flightagg listen` forwards to a local receiver).',
  },
  {
    name: 'aviation',
    audience: 'integrator',
    description: 'Reference data: airports, airlines, aircraft types, routes; answers in the `{data, meta, errors}` envelope.',
  },
  { name: 'monitoring', audience: 'integrator', description: "Each connected airline's health as the gateway last saw it." },
  { name: 'public', audience: 'integrator', description: 'Health, readiness and the newsletter form: no credential needed.' },
  {
    name: 'portal',
    audience: 'dashboard',
    description: 'The developer portal (`/v1/dev`): sign-up, sign-in, sessions, your account and orders. Session bearer token.',
  },
  {
    name: 'portal: api keys',
    audience: 'dashboard',
    description: "Your agency's API keys: create, restrict, rotate, reveal and revoke.",
  },
  {
    name: 'portal: teammates',
    audience: 'dashboard',
    description: 'Invite teammates to your agency and manage the invitations.',
  },
  {
    name: 'portal: second factor',
    audience: 'dashboard',
    description: 'TOTP second factor and recovery codes for your portal account.',
  },
  {
    name: 'portal: webhooks',
    audience: 'dashboard',
    description: 'Webhook endpoints for order events, signed; their delivery log and retries.',
  },
  {
    name: 'portal: request log',
    audience: 'dashboard',
    description: "Your API keys' requests of the last 7 days: method, route, path, status, latency, key, request id, error code.",
  },
  {
    name: 'admin',
    audience: 'operator',
    description:
      'Platform operators (`/v1/admin`): agencies, their plans and usage, security events and lockouts, support sessions. Session bearer token.',
  },
  {
    name: 'airline callbacks',
    audience: 'operator',
    description:
      'Airlines and aggregators calling the gateway, machine to machine: change notifications and webhook events, signed ' +
      "with the secret the operator shares with each. Not for agencies: the operator points each airline's callback here.",
  },
] as const satisfies readonly { name: string; audience: ApiAudience; description: string }[];

export type ApiTagName = (typeof API_TAGS)[number]['name'];
