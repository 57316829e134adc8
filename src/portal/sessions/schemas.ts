import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';

export const Session = withFormerSpellings(
  Type.Object({
    id: Type.String(),
    kind: Type.Union([Type.Literal('user'), Type.Literal('support')]),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time', description: 'Absolute expiry' }),
    idle_expires_at: Type.String({ format: 'date-time', description: 'When the session ends unless used before' }),
    mfa_verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    ip: Type.Union([Type.String(), Type.Null()]),
    user_agent: Type.Union([Type.String(), Type.Null()]),
  }),
  ['created_at', 'last_used_at', 'expires_at', 'idle_expires_at', 'mfa_verified_at', 'user_agent'],
);

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const LoginResponse = withFormerSpellings(
  Type.Object(
    {
      mfa_required: Type.Boolean({ description: 'true: send `challenge` and a code to POST /v1/dev/login/mfa' }),
      token: Type.Optional(Type.String({ description: 'Session token for `Authorization: Bearer`; shown once' })),
      session: Type.Optional(Session),
      challenge: Type.Optional(Type.String({ description: 'Login challenge, when a second factor is needed' })),
      expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'Challenge expiry' })),
    },
    { description: 'Either a session (`token`, `session`) or, with a second factor enabled, a challenge' },
  ),
  ['mfa_required', 'expires_at'],
);

export const LoginMfaBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 200 }),
    code: Type.String({ minLength: 6, maxLength: 32, description: 'A 6-digit TOTP code or a recovery code' }),
  },
  { additionalProperties: false },
);

export const SessionList = Type.Object({
  sessions: Type.Array(Type.Composite([Session, Type.Object({ current: Type.Boolean() })])),
});

export const SessionIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const MeResponse = withFormerSpellings(
  Type.Object({
    id: Type.String(),
    email: Type.String(),
    email_verified: Type.Boolean(),
    role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('developer'), Type.Null()]),
    permissions: Type.Array(Type.String()),
    agency: Type.Union([
      Type.Object({ id: Type.String(), name: Type.String(), live: Type.Boolean(), verified: Type.Boolean() }),
      Type.Null(),
    ]),
    mfa: withFormerSpellings(
      Type.Object({
        totp_enabled: Type.Boolean(),
        totp_enabled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        enrolment_pending: Type.Boolean(),
        recovery_codes_left: Type.Integer(),
      }),
      ['totp_enabled', 'totp_enabled_at', 'enrolment_pending', 'recovery_codes_left'],
    ),
    session: Session,
    support_session: Type.Union([
      withFormerSpellings(Type.Object({ id: Type.String(), operator_user_id: Type.String(), agency_id: Type.String() }), [
        'operator_user_id',
        'agency_id',
      ]),
      Type.Null(),
    ]),
  }),
  ['email_verified', 'support_session'],
);
