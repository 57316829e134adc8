import { Type } from '@sinclair/typebox';

export const Session = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('user'), Type.Literal('support')]),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time', description: 'Absolute expiry' }),
  idleExpiresAt: Type.String({ format: 'date-time', description: 'When the session ends unless used before' }),
  mfaVerifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
});

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const LoginResponse = Type.Object(
  {
    mfaRequired: Type.Boolean({ description: 'true: send `challenge` and a code to POST /v1/dev/login/mfa' }),
    token: Type.Optional(Type.String({ description: 'Session token for `Authorization: Bearer`; shown once' })),
    session: Type.Optional(Session),
    challenge: Type.Optional(Type.String({ description: 'Login challenge, when a second factor is needed' })),
    expiresAt: Type.Optional(Type.String({ format: 'date-time', description: 'Challenge expiry' })),
  },
  { description: 'Either a session (`token`, `session`) or, with a second factor enabled, a challenge' },
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

export const MeResponse = Type.Object({
  id: Type.String(),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('developer'), Type.Null()]),
  permissions: Type.Array(Type.String()),
  agency: Type.Union([
    Type.Object({ id: Type.String(), name: Type.String(), live: Type.Boolean(), verified: Type.Boolean() }),
    Type.Null(),
  ]),
  mfa: Type.Object({
    totpEnabled: Type.Boolean(),
    totpEnabledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    enrolmentPending: Type.Boolean(),
    recoveryCodesLeft: Type.Integer(),
  }),
  session: Session,
  supportSession: Type.Union([
    Type.Object({ id: Type.String(), operatorUserId: Type.String(), agencyId: Type.String() }),
    Type.Null(),
  ]),
});
