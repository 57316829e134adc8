import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import { EVENT_ID_LENGTH } from './event-ids.js';

const EVENT_NAMES = WEBHOOK_EVENTS.join(', ');
// The longest id read: the opaque form (`evt_` + 22 characters); the legacy `evt_<digits>` is shorter.
const ID_MAX = EVENT_ID_LENGTH;
const OPAQUE =
  'Event ids are opaque and per agency (`evt_` + 22 characters): another agency never sees the same id, and an id says nothing about order or count, so do not compare or sort them';

export const EventIdParams = Type.Object({
  id: Type.String({ maxLength: ID_MAX, description: `Event id (\`evt_...\`), as listed. ${OPAQUE}` }),
});

const filters = {
  type: Type.Optional(
    Type.String({
      maxLength: 300,
      description: `Only these event types: one name or a comma-separated list of ${EVENT_NAMES}`,
    }),
  ),
  order_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "Only this order's events" })),
};

export const EventListQuery = Type.Object({
  ...filters,
  created_after: Type.Optional(Type.String({ format: 'date-time', description: 'Only events that happened after this moment' })),
  created_before: Type.Optional(
    Type.String({ format: 'date-time', description: 'Only events that happened before this moment' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(
    Type.String({ maxLength: 100, description: 'next_cursor of the previous page (opaque, valid for this agency only)' }),
  ),
});
export type EventListQuery = Static<typeof EventListQuery>;

export const EventStreamQuery = Type.Object({
  ...filters,
  last_event_id: Type.Optional(
    Type.String({
      maxLength: ID_MAX,
      description:
        "Resume after this event id, one of the agency's (the `Last-Event-ID` header does the same and wins when both are sent)",
    }),
  ),
});
export type EventStreamQuery = Static<typeof EventStreamQuery>;

export const EventStreamHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({ maxLength: ID_MAX, description: "Resume after this event id, one of the agency's" }),
  ),
});

const DeliveryState = Type.Object({
  endpoint_id: Type.String({ description: 'The webhook endpoint the event was sent to' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('dead')]),
  attempts: Type.Integer({ description: 'Attempts made so far' }),
  last_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the latest attempt was made; null before the first',
  }),
});

export const EventSchema = Type.Object(
  {
    id: Type.String({
      maxLength: ID_MAX,
      description: `Event id; also the \`id:\` of the event on the stream. ${OPAQUE}`,
    }),
    type: Type.String({ description: `The event name: ${EVENT_NAMES}` }),
    order_id: Type.String(),
    created_at: Type.String({ format: 'date-time', description: 'When the event happened' }),
    data: Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      additionalProperties: true,
      description:
        'Exactly the body its webhook carries, same fields in the same order (docs/webhooks.md, "Payload"); its JSON text is the signed webhook body byte for byte',
    }),
    deliveries: Type.Array(DeliveryState, {
      description: 'One per webhook endpoint the event was sent to; empty before it is fanned out or when no endpoint subscribes',
    }),
  },
  { $id: 'Event' },
);
export type EventView = Static<typeof EventSchema>;

export const EventList = Type.Object(
  {
    events: Type.Array(EventSchema),
    next_cursor: Type.String({ description: 'empty on the last page' }),
  },
  { $id: 'EventList' },
);
