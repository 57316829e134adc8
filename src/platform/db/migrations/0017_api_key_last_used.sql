-- When a key was last used, within a minute: the gate notes each use in memory and a batched flush
-- (src/auth/api-keys/key-usage.ts, every minute and at shutdown) writes the latest instant of
-- each key in one statement, never earlier than what is stored (another instance may be ahead).
-- Null: never used since this column exists.
alter table api_keys add column last_used_at timestamptz;
