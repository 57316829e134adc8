import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../identity/passwords/policy.js';

export const SignupBody = withFormerSpellings(
  Type.Object(
    {
      email: Type.String({ format: 'email', maxLength: 320 }),
      password: Type.String({
        minLength: 1,
        maxLength: PASSWORD_MAX_LENGTH,
        description: `At least ${PASSWORD_MIN_LENGTH} characters; common, repetitive or sequential passwords and ones containing the e-mail address are refused`,
      }),
      agency_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Defaults to the e-mail domain' })),
      iata_number: Type.Optional(
        Type.String({
          maxLength: 20,
          description: 'IATA/BSP accreditation number, if the agency has one: ticketing in production needs it',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  ['agency_name', 'iata_number'],
);

export const SignupResponse = Type.Object({
  status: Type.Literal('verification_sent', { description: 'Same answer whether or not the address already had an account' }),
});

export const VerifyQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const VerifyBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'The one-time token of the e-mailed link' }) },
  { additionalProperties: false },
);

export const VerifyResponse = Type.Object({ status: Type.Literal('verified') });
