import { Type } from '@sinclair/typebox';

/*
 * What the OpenAPI description says of session routes, whichever feature serves them (the portal,
 * billing's account pages, the dashboard's orders, webhooks): the bearer scheme. Their error
 * statuses and codes come from the error-code catalogue (platform/http/error-codes.ts).
 */

/** `{status}`: the answer of an action that returns nothing else. */
export const StatusBody = Type.Object({ status: Type.String() });

/** OpenAPI security requirement of session-authenticated routes. */
export const SESSION_SECURITY = [{ SessionBearer: [] }];
