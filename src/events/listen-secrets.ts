import type { Db } from '../platform/db/database.js';
import { badRequest } from '../platform/errors.js';
import type { Keyring } from '../platform/keyring/keyring.js';
import { newSigningSecret } from '../webhooks/delivery/signer.js';
import { EVENTS_POLICY } from './policy.js';
import { findOrInsertListenSecret, replaceListenSecret, trimListenSecrets, type ListenSecretRow } from './listen-secret-store.js';

export interface ListenSecretDeps {
  db: Db;
  keyring: Keyring;
  clock: () => Date;
}

export interface ListenSecretView {
  forward_to: string;
  secret: string;
  created_at: string;
}

const FORWARD_TO_MAX = 2_000;

/**
 * The receiver URL a secret belongs to, in one spelling (`new URL().href`: `HTTP://Localhost:3000`
 * and `http://localhost:3000/` are one receiver). Any http(s) URL: it is the developer's own
 * machine that posts to it, never the gateway.
 */
export function forwardTarget(raw: string): string {
  const url = raw.length <= FORWARD_TO_MAX && URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw badRequest('forward_to must be an http:// or https:// URL', 'invalid_request', { field: 'forward_to' });
  if (url.username !== '' || url.password !== '')
    throw badRequest('forward_to must not contain credentials (user:password@)', 'invalid_request', { field: 'forward_to' });
  return url.href;
}

export interface ListenSecrets {
  /** The secret for the key and receiver URL, made on first use; 400 naming `forward_to` when it is not an http(s) URL. */
  get(keyId: string, forwardTo: string): Promise<ListenSecretView>;
  /** A new secret for the key and receiver URL; the one before stops being used at once. */
  rotate(keyId: string, forwardTo: string): Promise<ListenSecretView>;
}

/**
 * `flightagg listen`'s signing secret, like `stripe listen`'s: one per API key (the developer's)
 * and local receiver URL, the same on every run until rotated, so a receiver configured with it
 * once keeps verifying. Stored sealed with the webhook-secrets keyring purpose.
 */
export function createListenSecrets(deps: ListenSecretDeps): ListenSecrets {
  const view = (row: ListenSecretRow): ListenSecretView => ({
    forward_to: row.forward_to,
    secret: deps.keyring.open('webhook-secrets', row.secret_sealed),
    created_at: row.created_at.toISOString(),
  });
  const fresh = (keyId: string, forwardTo: string): ListenSecretRow => ({
    key_id: keyId,
    forward_to: forwardTo,
    secret_sealed: deps.keyring.seal('webhook-secrets', newSigningSecret()),
    created_at: deps.clock(),
  });
  return {
    async get(keyId, forwardTo) {
      const row = await findOrInsertListenSecret(deps.db, fresh(keyId, forwardTarget(forwardTo)));
      await trimListenSecrets(deps.db, keyId, EVENTS_POLICY.listenSecretsPerKey);
      return view(row);
    },
    async rotate(keyId, forwardTo) {
      const row = await replaceListenSecret(deps.db, fresh(keyId, forwardTarget(forwardTo)));
      await trimListenSecrets(deps.db, keyId, EVENTS_POLICY.listenSecretsPerKey);
      return view(row);
    },
  };
}
