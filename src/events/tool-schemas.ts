import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';

/** Schemas of the developer tools on the event stream: test events and `flightagg listen`'s secret. */

export const TestEventRequest = Type.Object(
  {
    type: Type.String({
      maxLength: 100,
      description: `The event to send a test of: one of ${WEBHOOK_EVENTS.join(', ')}`,
    }),
  },
  { additionalProperties: false },
);
export type TestEventRequest = Static<typeof TestEventRequest>;

export const ListenSecretRequest = Type.Object(
  {
    forward_to: Type.String({
      maxLength: 2_000,
      description: 'The local receiver `flightagg listen` forwards to (http:// or https://); one secret per key and URL',
    }),
  },
  { additionalProperties: false },
);
export type ListenSecretRequest = Static<typeof ListenSecretRequest>;

export const ListenSecret = Type.Object(
  {
    forward_to: Type.String({ description: 'The receiver URL, as the secret is kept for it (normalized)' }),
    secret: Type.String({
      description: 'The `whsec_` secret forwarded events are signed with, as an endpoint secret signs webhooks',
    }),
    created_at: Type.String({ format: 'date-time', description: 'When this secret was made (first use or last rotation)' }),
  },
  { $id: 'ListenSecret' },
);
