import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';
import { Session } from '../sessions/schemas.js';

export const OpenSupportBody = withFormerSpellings(
  Type.Object(
    {
      agency_id: Type.String({ minLength: 1, maxLength: 64 }),
      reason: Type.String({
        minLength: 3,
        maxLength: 500,
        description: 'Why: a ticket number or a sentence; kept in the security log',
      }),
    },
    { additionalProperties: false },
  ),
  ['agency_id'],
);

export const SupportSessionOpened = withFormerSpellings(
  Type.Object({
    token: Type.String({ description: 'Bearer token of the support session; shown once' }),
    session: Session,
    support_session: withFormerSpellings(
      Type.Object({
        id: Type.String(),
        operator_user_id: Type.String(),
        agency_id: Type.String(),
        reason: Type.String(),
      }),
      ['operator_user_id', 'agency_id'],
    ),
  }),
  ['support_session'],
);

export const SupportSessionParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
