import { Type } from '@sinclair/typebox';
import { Session } from '../sessions/schemas.js';

export const OpenSupportBody = Type.Object(
  {
    agencyId: Type.String({ minLength: 1, maxLength: 64 }),
    reason: Type.String({
      minLength: 3,
      maxLength: 500,
      description: 'Why: a ticket number or a sentence; kept in the security log',
    }),
  },
  { additionalProperties: false },
);

export const SupportSessionOpened = Type.Object({
  token: Type.String({ description: 'Bearer token of the support session; shown once' }),
  session: Session,
  supportSession: Type.Object({
    id: Type.String(),
    operatorUserId: Type.String(),
    agencyId: Type.String(),
    reason: Type.String(),
  }),
});

export const SupportSessionParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
