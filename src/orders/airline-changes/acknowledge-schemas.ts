import { Type } from '@sinclair/typebox';

/**
 * The acknowledge-changes body: none, or `{}`. It is closed like every other body (strict-body.ts),
 * so a field a client believes means something (`segment_ids`, `accept: false`) is a 400 naming
 * it, never ignored while every change is accepted.
 */
export const AcknowledgeChangesBody = Type.Optional(
  Type.Object({}, { description: 'No fields: send no body, or `{}`. Every pending change on the order is accepted.' }),
);
