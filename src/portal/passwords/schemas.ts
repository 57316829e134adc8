import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../identity/passwords/policy.js';

const NewPassword = Type.String({
  minLength: 1,
  maxLength: PASSWORD_MAX_LENGTH,
  description: `The new password: at least ${PASSWORD_MIN_LENGTH} characters; common, repetitive or sequential passwords and ones containing the e-mail address are refused`,
});

export const ResetRequestBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 320 }) },
  { additionalProperties: false },
);

export const ResetRequestResponse = Type.Object({
  status: Type.Literal('reset_sent', { description: 'Same answer whether or not the address has an account' }),
});

export const ResetConfirmBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The one-time token from the reset mail (`fapr_...`)' }),
    password: NewPassword,
  },
  { additionalProperties: false },
);

export const ResetConfirmResponse = Type.Object({ status: Type.Literal('password_reset') });

export const ChangeBody = withFormerSpellings(
  Type.Object(
    {
      password: Type.String({ minLength: 1, maxLength: 1024, description: 'The current password' }),
      new_password: NewPassword,
    },
    { additionalProperties: false },
  ),
  ['new_password'],
);

export const ChangeResponse = Type.Object({ status: Type.Literal('password_changed') });
