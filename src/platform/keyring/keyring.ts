import crypto from 'node:crypto';

/** What each data key is for; a key serves exactly one purpose. */
export const KEY_PURPOSES = [
  'api-key-lookup',
  'api-key-secrets',
  'webhook-secrets',
  'totp-seeds',
  // Tags on the offer ids the gateway issues, so it only accepts ids it made.
  'offer-ids',
  // Keyed hashes of MFA recovery codes.
  'recovery-codes',
] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

interface DataKey {
  id: string;
  purpose: KeyPurpose;
  material: Buffer;
}

export class KeyringError extends Error {
  override name = 'KeyringError';
}

const ENTRY = /^([A-Za-z0-9_-]{1,64}):([a-z-]+):([A-Za-z0-9+/_=-]+)$/;

/**
 * AES-256-GCM data keys identified by key id and purpose. Several keys may share a purpose
 * (rotation): the last one listed seals new data, and any of them opens data sealed earlier,
 * because each sealed value names the key id it was sealed with.
 */
export class Keyring {
  private readonly byId = new Map<string, DataKey>();
  private readonly current = new Map<KeyPurpose, DataKey>();

  constructor(keys: DataKey[]) {
    for (const key of keys) {
      if (this.byId.has(key.id)) throw new KeyringError(`KEYRING lists key id ${key.id} twice`);
      this.byId.set(key.id, key);
      this.current.set(key.purpose, key);
    }
    const missing = KEY_PURPOSES.filter((p) => !this.current.has(p));
    if (missing.length > 0) {
      throw new KeyringError(
        `KEYRING has no key for: ${missing.join(', ')}; add one entry per missing purpose, ` +
          `such as ${missing[0]}-1:${missing[0]}:<32 random bytes, base64> ` +
          `(print them with: flightagg keyring generate ${missing.map((p) => `--purpose ${p}`).join(' ')})`,
      );
    }
  }

  /** `id:purpose:base64key` entries separated by commas or new lines. */
  static parse(text: string): Keyring {
    const keys: DataKey[] = [];
    for (const entry of text
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      const match = ENTRY.exec(entry);
      if (!match) throw new KeyringError('KEYRING entries must look like id:purpose:base64key');
      const [, id, purpose, encoded] = match as unknown as [string, string, string, string];
      if (!(KEY_PURPOSES as readonly string[]).includes(purpose)) {
        throw new KeyringError(`KEYRING key ${id} has unknown purpose "${purpose}" (known: ${KEY_PURPOSES.join(', ')})`);
      }
      const material = Buffer.from(encoded, 'base64');
      if (material.length !== 32) throw new KeyringError(`KEYRING key ${id} must be 32 bytes, base64-encoded`);
      keys.push({ id, purpose: purpose as KeyPurpose, material });
    }
    return new Keyring(keys);
  }

  /** A fresh keyring text with one key per purpose (or per listed purpose). */
  static generateText(purposes: readonly KeyPurpose[] = KEY_PURPOSES): string {
    const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    return purposes
      .map(
        (purpose) =>
          `${purpose}-${stamp}-${crypto.randomBytes(3).toString('hex')}:${purpose}:${crypto.randomBytes(32).toString('base64')}`,
      )
      .join('\n');
  }

  /** Purposes a keyring text has no entry for; malformed entries are left for `parse` to report. */
  static missingPurposes(text: string): KeyPurpose[] {
    const listed = new Set(
      text
        .split(/[,\n]/)
        .map((s) => ENTRY.exec(s.trim())?.[2])
        .filter(Boolean),
    );
    return KEY_PURPOSES.filter((p) => !listed.has(p));
  }

  keyIds(): { id: string; purpose: KeyPurpose }[] {
    return [...this.byId.values()].map(({ id, purpose }) => ({ id, purpose }));
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Encrypts with the purpose's current key; the result names its key id, nonce and tag. */
  seal(purpose: KeyPurpose, plaintext: string): string {
    const key = this.current.get(purpose)!;
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', key.material, iv);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return `v1.${key.id}.${parts.join('.')}`;
  }

  open(purpose: KeyPurpose, sealed: string): string {
    const [version, keyId, iv, tag, body] = sealed.split('.');
    const key = keyId ? this.byId.get(keyId) : undefined;
    if (version !== 'v1' || !key || key.purpose !== purpose || !iv || !tag || body === undefined) {
      throw new KeyringError('sealed value cannot be opened with this keyring');
    }
    const decipher = crypto.createDecipheriv('aes-256-gcm', key.material, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** HMAC-SHA256 under every key of the purpose, newest first: lookups still find values hashed before a rotation. */
  hmacAll(purpose: KeyPurpose, value: string): { keyId: string; hash: string }[] {
    return [...this.byId.values()]
      .filter((k) => k.purpose === purpose)
      .reverse()
      .map((k) => ({ keyId: k.id, hash: crypto.createHmac('sha256', k.material).update(value).digest('hex') }));
  }

  hmac(purpose: KeyPurpose, value: string): { keyId: string; hash: string } {
    return this.hmacAll(purpose, value)[0]!;
  }

  /**
   * A sub-key for one use (`info`) of a purpose, HKDF-SHA256 from the purpose's first-listed key:
   * the oldest one, since a rotation appends its new key. Every instance sharing the keyring derives
   * the same bytes across restarts; a rotation leaves them unchanged until that first key is
   * removed from the keyring, which changes them (and so whatever was made with them).
   */
  derive(purpose: KeyPurpose, info: string, bytes: number): Buffer {
    const first = [...this.byId.values()].find((k) => k.purpose === purpose)!;
    return Buffer.from(crypto.hkdfSync('sha256', first.material, Buffer.alloc(0), info, bytes));
  }

  /** A short authentication tag: HMAC-SHA256 under the purpose's current key, truncated to `bytes`, base64url. */
  tag(purpose: KeyPurpose, value: string, bytes: number): string {
    const key = this.current.get(purpose)!;
    return crypto.createHmac('sha256', key.material).update(value).digest().subarray(0, bytes).toString('base64url');
  }

  /**
   * Whether `tag` is value's tag under any key of the purpose, so values tagged before a rotation
   * still verify. Every key is tried and each comparison is constant-time: how long this takes
   * says nothing about how much of a forged tag was right.
   */
  verifyTag(purpose: KeyPurpose, value: string, tag: string, bytes: number): boolean {
    const given = Buffer.from(tag, 'base64url');
    if (given.length !== bytes || given.toString('base64url') !== tag) return false;
    let valid = false;
    for (const key of this.byId.values()) {
      if (key.purpose !== purpose) continue;
      const expected = crypto.createHmac('sha256', key.material).update(value).digest().subarray(0, bytes);
      valid = crypto.timingSafeEqual(expected, given) || valid;
    }
    return valid;
  }
}
