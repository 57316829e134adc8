import { Type } from '@sinclair/typebox';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const SecurityEvent = Type.Object({
  id: Type.Integer(),
  kind: Type.String({
    description:
      'login.succeeded, login.failed, step_up.failed, account.created, account.locked, account.unlocked, email.verified, ' +
      'mfa.enabled, mfa.disabled, mfa.recovery_code_used, mfa.recovery_codes_regenerated, api_key.created, api_key.updated, ' +
      'api_key.rotated, api_key.revoked, api_key.revealed, api_key.request_refused, support_session.opened, support_session.closed',
  }),
  occurredAt: Type.String({ format: 'date-time' }),
  userId: NullableString,
  agencyId: NullableString,
  apiKeyId: NullableString,
  ip: NullableString,
  detail: Type.Record(Type.String(), Type.Unknown()),
  acknowledgedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  acknowledgedBy: NullableString,
});

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
    Type.Object({
      userId: Type.String(),
      email: Type.String(),
      agencyId: NullableString,
      failedLogins: Type.Integer({ description: 'Consecutive failures so far' }),
      lockedAt: Type.String({ format: 'date-time' }),
      lockedUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'When the lock ends by itself; null: only an operator can lift it',
      }),
    }),
  ),
});

export const UserIdParams = Type.Object({ userID: Type.String({ maxLength: 64 }) });

export const Unlocked = Type.Object({ status: Type.Literal('unlocked'), userId: Type.String() });
