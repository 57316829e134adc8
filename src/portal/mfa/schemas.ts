import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';

export const CodeBody = Type.Object(
  { code: Type.String({ minLength: 6, maxLength: 32, description: 'A 6-digit TOTP code (or, for verify, a recovery code)' }) },
  { additionalProperties: false },
);

export const TotpEnrolment = withFormerSpellings(
  Type.Object({
    secret: Type.String({ description: 'Base32 secret, for typing into an authenticator by hand' }),
    otpauth_uri: Type.String({ description: '`otpauth://totp/...` URI: show it as a QR code' }),
    digits: Type.Integer(),
    period: Type.Integer({ description: 'Seconds per code' }),
    algorithm: Type.String(),
  }),
  ['otpauth_uri'],
);

export const TotpEnabled = withFormerSpellings(
  Type.Object({
    status: Type.Literal('enabled'),
    recovery_codes: Type.Array(Type.String(), { description: 'One-time recovery codes: shown only in this answer' }),
    mfa_verified_at: Type.String({ format: 'date-time' }),
  }),
  ['recovery_codes', 'mfa_verified_at'],
);

export const MfaVerified = withFormerSpellings(
  Type.Object({
    mfa_verified_at: Type.String({ format: 'date-time' }),
    fresh_until: Type.String({ format: 'date-time', description: 'Step-up by second factor holds until then' }),
    factor: Type.Union([Type.Literal('totp'), Type.Literal('recovery_code')]),
  }),
  ['mfa_verified_at', 'fresh_until'],
);

export const RecoveryCodes = withFormerSpellings(Type.Object({ recovery_codes: Type.Array(Type.String()) }), ['recovery_codes']);
