-- Password reset links: one-time, short-lived, stored as a hash of the token the mail carries.
create table password_resets (
  token_hash text primary key,
  user_id text not null references users (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_user_idx on password_resets (user_id);
