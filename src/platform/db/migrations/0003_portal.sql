-- Developer portal: sessions, second factor, lockouts and e-mail verification.

-- Lockout state. failed_logins counts consecutive failures since the last successful login or an
-- operator's unlock; a lock that runs out keeps the count, so the next lock lasts longer.
alter table users add column failed_logins integer not null default 0;
alter table users add column locked_at timestamptz;
-- Null while locked_at is set means locked until an operator unlocks (the 100-failure ceiling).
alter table users add column locked_until timestamptz;
create index users_locked_idx on users (locked_at) where locked_at is not null;

-- TOTP seeds are sealed with the keyring (purpose totp-seeds), never stored in the clear.
alter table users add column totp_secret text;
alter table users add column totp_pending_secret text;
alter table users add column totp_enabled_at timestamptz;
-- The last time step accepted, so one code cannot be used twice.
alter table users add column totp_last_counter bigint;

-- A session token is 256 random bits; only its SHA-256 is stored.
create table sessions (
  id text primary key,
  token_hash text not null unique,
  user_id text not null references users (id),
  -- The agency the session acts for: the user's own, or the one a support session serves.
  agency_id text references agencies (id),
  kind text not null check (kind in ('user', 'support')),
  support_reason text,
  ip text,
  user_agent text,
  created_at timestamptz not null,
  last_used_at timestamptz not null,
  expires_at timestamptz not null,
  mfa_verified_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user_idx on sessions (user_id, created_at desc);

-- The half-way state of a login whose password was right and whose second factor is pending.
create table login_challenges (
  id text primary key,
  token_hash text not null unique,
  user_id text not null references users (id),
  ip text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  consumed_at timestamptz
);

create table recovery_codes (
  user_id text not null references users (id),
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

create table email_verifications (
  token_hash text primary key,
  user_id text not null references users (id),
  email text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_verifications_user_idx on email_verifications (user_id);

create index security_events_occurred_idx on security_events (occurred_at desc);
