import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';
import { Nullable } from '../../platform/http/responses.js';

/** The contract spells `allowedIps` and `expiresAt` in camelCase (interface.md, Developer API key): kept so. */
export const KeyRecord = withFormerSpellings(
  Type.Object(
    {
      id: Type.String(),
      name: Nullable(Type.String()),
      kind: Type.Union([Type.Literal('agency'), Type.Literal('portal'), Type.Literal('static')]),
      environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
      agency_id: Nullable(Type.String()),
      prefix: Type.String({ description: 'First characters of the key, to tell keys apart' }),
      allowedIps: Type.Array(Type.String()),
      expiresAt: Nullable(Type.String({ format: 'date-time' })),
      read_only: Type.Boolean(),
      allowed_paths: Type.Array(Type.String()),
      status: Type.Union([Type.Literal('active'), Type.Literal('revoked'), Type.Literal('expired')]),
      created_at: Type.String({ format: 'date-time' }),
      revoked_at: Nullable(Type.String({ format: 'date-time' })),
      last_used_at: Nullable(
        Type.String({
          format: 'date-time',
          description:
            'When the key last made a request that passed the key check, within a minute (uses are written in batches); null when never used',
        }),
      ),
    },
    { $id: 'ApiKey' },
  ),
  ['agency_id', 'read_only', 'allowed_paths', 'created_at', 'revoked_at', 'last_used_at'],
);

export const KeyWithSecret = Type.Composite(
  [
    KeyRecord,
    Type.Object({
      secret: Type.String({ description: 'The key itself: shown in this answer only' }),
      replaces: Type.Optional(Type.String({ description: 'On rotation: the id of the key this one replaces, now revoked' })),
    }),
  ],
  { $id: 'ApiKeyWithSecret' },
);

const restrictionFields = {
  name: Type.Optional(Type.String({ maxLength: 100, description: 'An empty string removes the name' })),
  allowedIps: Type.Optional(
    Type.Array(Type.String({ maxLength: 64 }), {
      maxItems: 100,
      description: 'IP addresses or CIDR ranges; an empty array removes the allowlist',
    }),
  ),
  // `format: date-time` checks the calendar (2027-02-30 is refused, not rolled into March).
  expiresAt: Type.Optional(
    Type.Union([Type.String({ format: 'date-time', maxLength: 64 }), Type.Literal(''), Type.Null()], {
      description:
        'ISO 8601 date-time with a zone, in the future, at most 5 years ahead; null (or, on an edit, an empty string) removes the expiry',
    }),
  ),
  read_only: Type.Optional(Type.Boolean({ description: 'Only GET, HEAD and OPTIONS requests' })),
  allowed_paths: Type.Optional(
    Type.Array(Type.String({ maxLength: 200 }), {
      maxItems: 50,
      description: 'Path prefixes under /v1 the key may call; an empty array removes the restriction',
    }),
  ),
};

export const CreateKeyBody = withFormerSpellings(
  Type.Object(
    {
      ...restrictionFields,
      // On creation an empty value means nothing: it is refused, naming the field, rather than
      // silently read as "no name" or "never expires" (leave the field out, or send expiresAt null).
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Leave it out for a key without a name' })),
      expiresAt: Type.Optional(
        Type.Union([Type.String({ format: 'date-time', maxLength: 64 }), Type.Null()], {
          description: 'ISO 8601 date-time with a zone, in the future, at most 5 years ahead; null (or no field) never expires',
        }),
      ),
      environment: Type.Optional(
        Type.Union([Type.Literal('test'), Type.Literal('live')], {
          description: 'Default test; live once the agency is live (owner or admin only)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  ['read_only', 'allowed_paths'],
);

export const UpdateKeyBody = withFormerSpellings(Type.Object(restrictionFields, { additionalProperties: false }), [
  'read_only',
  'allowed_paths',
]);

export const KeyIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const KeyList = Type.Object({ keys: Type.Array(KeyRecord) }, { $id: 'ApiKeyList' });

export const RevealResponse = Type.Object({ secret: Type.String() });
