import { Type } from '@sinclair/typebox';

export const StatusBody = Type.Object({ status: Type.String() });

/** OpenAPI security requirement of session-authenticated routes. */
export const SESSION_SECURITY = [{ SessionBearer: [] }];
/** Routes that take no credential at all (sign-up, login, verification). */
export const NO_SECURITY: { [name: string]: string[] }[] = [];

/** An optional `{password}` body: the current password, as step-up. */
export const StepUpBody = Type.Object(
  {
    password: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description: 'Current password, as step-up (optional when a second factor was verified within the step-up window)',
      }),
    ),
  },
  { additionalProperties: false },
);
