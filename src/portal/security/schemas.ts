import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const SecurityEvent = withFormerSpellings(
  Type.Object({
    id: Type.Integer(),
    kind: Type.String({
      description:
        'login.succeeded, login.failed, step_up.failed, account.created, account.locked, account.unlocked, email.verified, ' +
        'mfa.enabled, mfa.disabled, mfa.recovery_code_used, mfa.recovery_codes_regenerated, api_key.created, api_key.updated, ' +
        'api_key.rotated, api_key.revoked, api_key.revealed, api_key.request_refused, support_session.opened, support_session.closed',
    }),
    occurred_at: Type.String({ format: 'date-time' }),
    user_id: NullableString,
    agency_id: NullableString,
    api_key_id: NullableString,
    ip: NullableString,
    detail: Type.Record(Type.String(), Type.Unknown(), {
      description: "What the kind of event records (its keys are the event's own data, not the API's field names)",
    }),
    acknowledged_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    acknowledged_by: NullableString,
  }),
  ['occurred_at', 'user_id', 'agency_id', 'api_key_id', 'acknowledged_at', 'acknowledged_by'],
);

export const OwnEventsQuery = Type.Object({
  kind: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  // Bounded so a huge offset is a 400 naming it rather than a number the database refuses.
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});

export const OwnEvents = Type.Object({ events: Type.Array(SecurityEvent), total: Type.Integer() });

export const AdminEventsQuery = Type.Object({
  kind: Type.Optional(Type.String({ maxLength: 100 })),
  user_id: Type.Optional(Type.String({ maxLength: 64 })),
  since: Type.Optional(Type.String({ format: 'date-time' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

export const AdminEvents = Type.Object({ events: Type.Array(SecurityEvent) });

// The column is a bigint; ids beyond 2^53 could not be told apart as JSON numbers anyway.
export const EventIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

export const Lockouts = Type.Object({
  lockouts: Type.Array(
    withFormerSpellings(
      Type.Object({
        user_id: Type.String(),
        email: Type.String(),
        agency_id: NullableString,
        failed_logins: Type.Integer({ description: 'Consecutive failures so far' }),
        locked_at: Type.String({ format: 'date-time' }),
        locked_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
          description: 'When the lock ends by itself; null: only an operator can lift it',
        }),
      }),
      ['user_id', 'agency_id', 'failed_logins', 'locked_at', 'locked_until'],
    ),
  ),
});

export const UserIdParams = Type.Object({ userID: Type.String({ maxLength: 64 }) });

export const Unlocked = withFormerSpellings(Type.Object({ status: Type.Literal('unlocked'), user_id: Type.String() }), [
  'user_id',
]);
