-- Invitations into an agency: an owner or admin names an address and a role; the one-time token
-- the mail carries (stored as a hash) creates the account when its holder chooses a password.
create table agency_invites (
  id text primary key,
  agency_id text not null references agencies (id),
  email text not null,
  role text not null check (role in ('admin', 'developer')),
  token_hash text not null unique,
  invited_by text not null references users (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz
);
create index agency_invites_agency_idx on agency_invites (agency_id, created_at desc);
