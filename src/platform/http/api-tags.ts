/**
 * The tags of the API description, declared once with what each group is for, so the docs page
 * shows a described section per group and generators group operations the same way. A route names
 * its group with `schema.tags`; a tag no route uses yet is listed for the groups the contract has.
 */
export const API_TAGS = [
  { name: 'shopping', description: 'Search flights across airlines: one request, offers from every connected airline.' },
  {
    name: 'offers',
    description: 'Price an offer before booking (re-pricing answers a new `offer_id`: book that one), seat maps and services.',
  },
  {
    name: 'orders',
    description: 'Book an offer (instant ticket or a hold), pay a hold, read, list and cancel orders; the order history.',
  },
  { name: 'servicing', description: 'Change, reshop, quote and cancel an existing order with the airline.' },
  {
    name: 'aviation',
    description: 'Reference data: airports, airlines, aircraft types, routes; the `{data, meta, errors}` envelope.',
  },
  { name: 'monitoring', description: "Each connected airline's health as the gateway last saw it." },
  { name: 'webhooks', description: 'Order events pushed to your HTTPS endpoint, signed; endpoints and the delivery log.' },
  { name: 'portal', description: 'The developer portal (`/v1/dev`): sign-up, sessions, API keys, usage. Session bearer token.' },
  {
    name: 'admin',
    description: 'Platform operators (`/v1/admin`): agencies, plans, keys. Session bearer token with a permission.',
  },
  { name: 'public', description: 'Health, readiness and the newsletter form: no credential needed.' },
] as const;
