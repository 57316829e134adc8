import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';
import { WEBHOOK_EVENTS, WEBHOOK_POLICY } from '../events.js';
import { Nullable } from '../../platform/http/responses.js';
import { LISTED_RESPONSE_CHARS } from '../delivery/store.js';

const eventsDescription = `Any of ${WEBHOOK_EVENTS.join(', ')}; empty or absent means every event`;

export const EndpointRecord = withFormerSpellings(
  Type.Object(
    {
      id: Type.String(),
      url: Type.String(),
      description: Nullable(Type.String()),
      events: Type.Array(Type.String(), { description: 'Subscribed events; empty means every event' }),
      environment: Type.Union([Type.Literal('test'), Type.Literal('live')], {
        description: 'Events of orders made with keys of this environment',
      }),
      status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
      failure_streak: Type.Integer({ description: 'Deliveries that failed for good in a row; a delivered one resets it' }),
      disabled_at: Nullable(Type.String({ format: 'date-time' })),
      disabled_reason: Nullable(Type.String()),
      created_at: Type.String({ format: 'date-time' }),
      updated_at: Type.String({ format: 'date-time' }),
    },
    { $id: 'WebhookEndpoint' },
  ),
  ['failure_streak', 'disabled_at', 'disabled_reason', 'created_at', 'updated_at'],
);

export const EndpointWithSecret = Type.Composite(
  [
    EndpointRecord,
    Type.Object({ secret: Type.String({ description: 'The whsec_ signing secret: in this answer only, never again' }) }),
  ],
  { $id: 'WebhookEndpointWithSecret' },
);

const EventList = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20, description: eventsDescription });
const Description = Type.String({ maxLength: WEBHOOK_POLICY.descriptionMax, description: 'At most 200 characters' });

export const CreateEndpointBody = Type.Object(
  {
    url: Type.String({
      maxLength: 2048,
      description: 'https only, a public host, no port or one of 443, 80, 4443, 8080, 8443, 9443',
    }),
    description: Type.Optional(Description),
    events: Type.Optional(EventList),
    environment: Type.Optional(Type.Union([Type.Literal('test'), Type.Literal('live')], { description: 'Default test' })),
  },
  { additionalProperties: false },
);

export const UpdateEndpointBody = Type.Object(
  { description: Type.Optional(Description), events: Type.Optional(EventList) },
  { additionalProperties: false },
);

export const EndpointIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const DeliveryIdParams = Type.Object({ id: Type.String({ maxLength: 64 }), deliveryId: Type.String({ maxLength: 64 }) });

export const EndpointList = Type.Object({ webhooks: Type.Array(EndpointRecord) }, { $id: 'WebhookEndpointList' });

export const AttemptRecord = withFormerSpellings(
  Type.Object(
    {
      at: Type.String({ format: 'date-time' }),
      duration_ms: Type.Integer(),
      status_code: Type.Union([Type.Integer(), Type.Null()]),
      error: Nullable(Type.String()),
      response_body: Nullable(
        Type.String({
          description: `The first ${LISTED_RESPONSE_CHARS} characters of the receiver's answer (64 KiB are kept); null when there was no answer`,
        }),
      ),
      response_truncated: Type.Boolean({
        description: `The answer was longer than the ${LISTED_RESPONSE_CHARS} characters shown`,
      }),
    },
    { $id: 'WebhookAttempt' },
  ),
  ['duration_ms', 'status_code', 'response_body', 'response_truncated'],
);

export const DeliveryRecord = withFormerSpellings(
  Type.Object(
    {
      id: Type.String({ description: 'Sent as X-Service-Delivery, the same on every attempt' }),
      event: Type.String(),
      test: Type.Boolean({ description: 'A test event sent with POST /v1/dev/webhooks/{id}/test: one attempt, never retried' }),
      order_id: Type.String(),
      status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('dead')]),
      attempt_count: Type.Integer(),
      next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
      created_at: Type.String({ format: 'date-time' }),
      completed_at: Nullable(Type.String({ format: 'date-time' })),
      attempts: Type.Array(AttemptRecord),
      request_body: Nullable(
        Type.String({
          description: 'The body sent, byte for byte (the same on every attempt); null until the first attempt is recorded',
        }),
      ),
    },
    { $id: 'WebhookDelivery' },
  ),
  ['order_id', 'attempt_count', 'next_attempt_at', 'created_at', 'completed_at', 'request_body'],
);

export const DeliveryPageQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'next_cursor of the previous page' })),
  },
  { additionalProperties: false },
);

export const DeliveryPage = withFormerSpellings(
  Type.Object(
    {
      deliveries: Type.Array(DeliveryRecord),
      next_cursor: Nullable(Type.String()),
    },
    { $id: 'WebhookDeliveryPage' },
  ),
  ['next_cursor'],
);

export const RetryAnswer = withFormerSpellings(
  Type.Object({
    id: Type.String(),
    status: Type.Literal('pending'),
    next_attempt_at: Type.String({ format: 'date-time' }),
  }),
  ['next_attempt_at'],
);

export const TestEventBody = Type.Object(
  { event: Type.String({ maxLength: 100, description: `The event to send a sample of: one of ${WEBHOOK_EVENTS.join(', ')}` }) },
  { additionalProperties: false },
);

export const TestEventAnswer = withFormerSpellings(
  Type.Object(
    {
      id: Type.String({
        description: 'The test delivery id, sent as X-Service-Delivery; listed in the delivery log with `test: true`',
      }),
      event: Type.String(),
      test: Type.Literal(true),
      delivered: Type.Boolean({ description: 'The receiver answered 2xx' }),
      status_code: Type.Union([Type.Integer(), Type.Null()], {
        description: "The receiver's status code; null when it did not answer",
      }),
      duration_ms: Type.Integer({ description: 'Connection to last byte of the answer' }),
      error: Nullable(Type.String({ description: 'Why the attempt failed: a non-2xx status, no answer, a refused address' })),
      request_body: Type.String({ description: 'The signed body sent, byte for byte' }),
      response_body: Nullable(Type.String({ description: `The first ${LISTED_RESPONSE_CHARS} characters of the answer` })),
      response_truncated: Type.Boolean(),
    },
    { $id: 'WebhookTestEventResult' },
  ),
  ['status_code', 'duration_ms', 'request_body', 'response_body', 'response_truncated'],
);
