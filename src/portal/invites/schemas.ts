import { Type } from '@sinclair/typebox';
import { withFormerSpellings } from '../../platform/http/deprecated-fields.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../identity/passwords/policy.js';

const InviteRole = Type.Union([Type.Literal('admin'), Type.Literal('developer')], {
  description: '`admin` (same rights as the owner) or `developer` (test keys)',
});

export const CreateInviteBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 320 }), role: InviteRole },
  { additionalProperties: false },
);

export const InviteRecord = withFormerSpellings(
  Type.Object({
    id: Type.String(),
    email: Type.String(),
    role: InviteRole,
    invited_by: Type.String({ description: 'The user who invited' }),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time' }),
  }),
  ['invited_by', 'created_at', 'expires_at'],
);

export const InviteList = Type.Object({ invites: Type.Array(InviteRecord) });

export const InviteIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const AcceptInviteBody = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The one-time token from the invitation mail (`fainv_...`)',
    }),
    password: Type.String({
      minLength: 1,
      maxLength: PASSWORD_MAX_LENGTH,
      description: `At least ${PASSWORD_MIN_LENGTH} characters; common, repetitive or sequential passwords and ones containing the e-mail address are refused`,
    }),
  },
  { additionalProperties: false },
);

export const AcceptInviteResponse = withFormerSpellings(
  Type.Object({
    status: Type.Literal('joined'),
    user_id: Type.String(),
    agency_id: Type.String(),
    role: InviteRole,
  }),
  ['user_id', 'agency_id'],
);
