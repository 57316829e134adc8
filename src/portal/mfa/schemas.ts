import { Type } from '@sinclair/typebox';

export const CodeBody = Type.Object(
  { code: Type.String({ minLength: 6, maxLength: 32, description: 'A 6-digit TOTP code (or, for verify, a recovery code)' }) },
  { additionalProperties: false },
);

export const TotpEnrolment = Type.Object({
  secret: Type.String({ description: 'Base32 secret, for typing into an authenticator by hand' }),
  otpauthUri: Type.String({ description: '`otpauth://totp/...` URI: show it as a QR code' }),
  digits: Type.Integer(),
  period: Type.Integer({ description: 'Seconds per code' }),
  algorithm: Type.String(),
});

export const TotpEnabled = Type.Object({
  status: Type.Literal('enabled'),
  recoveryCodes: Type.Array(Type.String(), { description: 'One-time recovery codes: shown only in this answer' }),
  mfaVerifiedAt: Type.String({ format: 'date-time' }),
});

export const MfaVerified = Type.Object({
  mfaVerifiedAt: Type.String({ format: 'date-time' }),
  freshUntil: Type.String({ format: 'date-time', description: 'Step-up by second factor holds until then' }),
  factor: Type.Union([Type.Literal('totp'), Type.Literal('recovery_code')]),
});

export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
