import fs from 'node:fs';
import path from 'node:path';
import { Keyring } from './keyring.js';

/**
 * KEYRING wins when set. Embedded storage without it gets a keyring file generated in DATA_DIR
 * on first start (mode 0600), so `npm start` needs no set-up; config already refuses a
 * PostgreSQL deployment without KEYRING.
 */
export function loadKeyring(options: { keyring: string | null; dataDir: string }): { keyring: Keyring; source: string } {
  if (options.keyring) return { keyring: Keyring.parse(options.keyring), source: 'KEYRING' };
  const file = path.join(options.dataDir, 'keyring');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    fs.writeFileSync(file, `${Keyring.generateText()}\n`, { mode: 0o600, flag: 'wx' });
  }
  return { keyring: Keyring.parse(fs.readFileSync(file, 'utf8')), source: file };
}
