-- Agencies are the tenants: every key, user and order belongs to one.
create table agencies (
  id text primary key,
  name text not null,
  plan_code text,
  -- A live key can be created through the portal only once the agency is live.
  live boolean not null default false,
  iata_number text,
  verified_at timestamptz,
  -- Per-agency override of the search rate limit (null: the configured default).
  search_rate_limit integer check (search_rate_limit is null or search_rate_limit > 0),
  created_at timestamptz not null default now()
);

create table users (
  id text primary key,
  agency_id text references agencies (id),
  email text not null,
  password_hash text not null,
  role text not null default 'developer' check (role in ('owner', 'admin', 'developer')),
  permissions text[] not null default '{}',
  email_verified_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create index users_agency_idx on users (agency_id);

-- Data keys are never stored here: only which key ids exist and which are active, so every
-- instance can tell whether it was started with the whole keyring.
create table keyring_keys (
  key_id text primary key,
  purpose text not null,
  status text not null default 'active' check (status in ('active', 'retired')),
  created_at timestamptz not null default now()
);

create table api_keys (
  id text primary key,
  agency_id text references agencies (id),
  kind text not null check (kind in ('agency', 'portal', 'static')),
  environment text not null check (environment in ('test', 'live')),
  name text,
  -- HMAC-SHA256 of the whole key under a keyring lookup key: found by equality, never by the secret.
  lookup_hash text not null unique,
  lookup_key_id text not null,
  -- AES-256-GCM ciphertext of the key, so a verified owner can reveal it again.
  secret_ciphertext text not null,
  -- The first characters of the key, shown in listings so people can tell keys apart.
  display_prefix text not null,
  allowed_ips text[],
  expires_at timestamptz,
  read_only boolean not null default false,
  allowed_paths text[],
  created_by_user_id text references users (id),
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  check (kind = 'static' or agency_id is not null)
);
create index api_keys_agency_idx on api_keys (agency_id, created_at desc);

create table security_events (
  id bigserial primary key,
  occurred_at timestamptz not null default now(),
  kind text not null,
  user_id text,
  agency_id text,
  api_key_id text,
  ip text,
  detail jsonb not null default '{}',
  acknowledged_at timestamptz,
  acknowledged_by text
);
create index security_events_user_idx on security_events (user_id, occurred_at desc);
create index security_events_kind_idx on security_events (kind, occurred_at desc);
