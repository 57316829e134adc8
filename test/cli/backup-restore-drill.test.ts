import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, secondFactorAndEndpoint, type Answer } from '../platform/fault-drills/children.js';
import { holdFirstOffer } from '../platform/fault-drills/held-order.js';
import { withEmbeddedDatabase } from '../helpers/embedded-data-dir.js';
import { startReceiver, type Receiver } from '../webhooks/https-receiver.js';

/**
 * The restore drill (docs/operations/backups.md): a gateway on embedded storage takes orders, keys,
 * a webhook endpoint and their events; `flightagg backup` runs while it serves; the backup is
 * restored into a new data directory with that gateway's keyring, and a gateway started there
 * serves every one of them: orders and events listed, each key authenticates, the endpoint is
 * there and its signing secret opens.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/flightagg.js');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-backup-'));

interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

const envFor = (dataDir: string, caFile: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  KEYRING: '',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
  PORT: '0',
  HOST: '127.0.0.1',
  AA_TEST_PORT: '0',
  MONITORING_INTERVAL_SECONDS: '0',
  PASSWORD_SCRYPT_LOG_N: '10',
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost',
  NODE_EXTRA_CA_CERTS: caFile,
});

/** `flightagg serve` on a data directory; resolves once its banner names the operator channel. */
async function serve(env: NodeJS.ProcessEnv): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve'], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (/operator {4}/.test(output)) {
        clearInterval(check);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(check);
      reject(new Error(`gateway exited with ${code}: ${output}`));
    });
  });
  return {
    child,
    url: /listening on (http:\/\/\S+)/.exec(output)![1]!,
    output: () => output,
    // Ctrl-C: SIGTERM would first hold readiness at 503 for a balancer (SHUTDOWN_READY_DELAY_MS).
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

async function cli(env: NodeJS.ProcessEnv, args: string[], input?: string) {
  const running = run(process.execPath, [BIN, ...args], { env, cwd: scratch, timeout: 110_000 });
  if (input !== undefined) running.child.stdin!.end(input);
  try {
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const expectOk = (answer: Answer, status = 200) => expect(answer.status, JSON.stringify(answer.body)).toBe(status);

// Embedded storage only: the PostgreSQL path is pg_dump and WAL archiving, documented, not a command.
describe.skipIf(inject('databaseUrl'))(
  'backup of a running gateway, restored into a new data directory',
  { timeout: 180_000 },
  () => {
    const first = path.join(scratch, 'first');
    const restored = path.join(scratch, 'restored');
    const backupFile = path.join(scratch, 'gateway.backup');
    const caFile = path.join(scratch, 'ca.pem');
    let receiver: Receiver;
    let gateway: Served | undefined;
    const email = 'owner@backup.example';
    const password = 'seven lanterns over the harbour';
    let totpSecret: string;
    const keys: string[] = [];
    const orderIds: string[] = [];
    let eventIds: string[] = [];
    let endpointId: string;

    beforeAll(async () => {
      // The gateway's data directory with its database made (not the drill's subject: the first start is first-run's).
      withEmbeddedDatabase(first);
      receiver = await startReceiver();
      fs.writeFileSync(caFile, receiver.ca);
      const env = envFor(first, caFile);
      gateway = await serve(env);
      const url = gateway.url;
      keys.push(/^ {2}(fa_test_\S+)$/m.exec(gateway.output())![1]!);
      const agencyId = /made the agency (agc_\S+)/.exec(gateway.output())![1]!;

      // An owner who signs in with a second factor, and a webhook endpoint (which needs that factor).
      const user = await cli(
        env,
        ['user', 'create', '--agency', agencyId, '--email', email, '--role', 'owner', '--password-stdin', '--json'],
        `${password}\n`,
      );
      expect(user.code, user.stderr).toBe(0);
      const login = await call(`${url}/v1/dev/login`, { method: 'POST', body: { email, password } });
      expectOk(login);
      const session = { authorization: `Bearer ${login.body.token as string}` };
      ({ totpSecret, endpointId } = await secondFactorAndEndpoint(url, session, password, { url: receiver.url('/backup') }));

      // A second key, made through the running gateway's admin channel.
      const key = await cli(env, ['key', 'create', '--agency', agencyId, '--env', 'test', '--kind', 'agency', '--json']);
      expect(key.code, key.stderr).toBe(0);
      keys.push(JSON.parse(key.stdout).secret as string);

      // Two held orders, and the events they wrote.
      for (const [destination, days] of [
        ['LAX', 40],
        ['MIA', 44],
      ] as const) {
        orderIds.push(await holdFirstOffer(url, { search: keys[0]!, hold: keys[1]! }, destination, days));
      }
      const events = await call(`${url}/v1/events?limit=100`, { headers: { 'x-api-key': keys[0]! } });
      expectOk(events);
      eventIds = (events.body.events as { id: string }[]).map((e) => e.id);
      expect(eventIds.length).toBeGreaterThanOrEqual(2);
    }, 240_000);

    afterAll(async () => {
      await gateway?.stop();
      await receiver?.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    });

    it('backs up while the gateway serves, saying the keyring is not in the backup', async () => {
      // Requests go on while the backup is taken; each is answered.
      const during = Promise.all(
        Array.from({ length: 10 }, () => call(`${gateway!.url}/v1/orders`, { headers: { 'x-api-key': keys[0]! } })),
      );
      const backup = await cli(envFor(first, caFile), ['backup', path.basename(backupFile)]);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`backup written to ${backupFile}`);
      expect(backup.stdout).toContain('2 API keys, 2 orders');
      expect(backup.stdout).toContain(`the keyring is NOT in it: keep ${path.join(first, 'keyring')}`);
      expect((await during).map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
      // Never overwrites a backup.
      const again = await cli(envFor(first, caFile), ['backup', backupFile]);
      expect(again).toMatchObject({
        code: 1,
        stderr: `error: ${backupFile} exists already; name a new file (a backup never overwrites one)\n`,
      });
      await gateway!.stop();
      gateway = undefined;
    });

    it('refuses a restore without the keyring, or with another one, and leaves the directory empty', async () => {
      const env = envFor(restored, caFile);
      const none = await cli(env, ['restore', backupFile]);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('a restore needs the keyring of the gateway that made the backup');
      const other = path.join(scratch, 'other.keyring');
      fs.writeFileSync(other, (await cli(env, ['keyring', 'generate'])).stdout);
      const wrong = await cli(env, ['restore', backupFile, '--keyring-file', other]);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain("the keyring given lacks keys the backup's data was written with");
      // The same key ids over other key material: the sealed values themselves refuse it.
      const forged = path.join(scratch, 'forged.keyring');
      fs.writeFileSync(
        forged,
        fs
          .readFileSync(path.join(first, 'keyring'), 'utf8')
          .replace(/:([A-Za-z0-9+/=]+)$/gm, () => `:${crypto.randomBytes(32).toString('base64')}`),
      );
      const wrongMaterial = await cli(env, ['restore', backupFile, '--keyring-file', forged]);
      expect(wrongMaterial.code).toBe(1);
      expect(wrongMaterial.stderr).toMatch(
        /the keyring given cannot open .* it is not the keyring the backup's secrets were sealed with/,
      );
      expect(fs.existsSync(restored) ? fs.readdirSync(restored) : []).toEqual([]);
    });

    it('refuses a data directory that is not empty, and with --force puts the database in place beside what it holds', async () => {
      const used = path.join(scratch, 'used');
      fs.mkdirSync(used);
      fs.writeFileSync(path.join(used, 'notes.txt'), 'someone else’s');
      const refused = await cli(envFor(used, caFile), ['restore', backupFile, '--keyring-file', path.join(first, 'keyring')]);
      expect(refused).toMatchObject({
        code: 1,
        stderr: `error: ${used} is not empty (notes.txt): restore into a new data directory, or pass --force to replace the database in this one\n`,
      });
      // With --force the database is put in place beside what the directory held.
      const forced = await cli(envFor(used, caFile), [
        'restore',
        backupFile,
        '--keyring-file',
        path.join(first, 'keyring'),
        '--force',
      ]);
      expect(forced.code, forced.stderr).toBe(0);
      expect(fs.readdirSync(used).sort()).toEqual(['keyring', 'notes.txt', 'pgdata']);
    });

    it('restores into a new directory where a gateway serves every order, key, webhook endpoint and event', async () => {
      const env = envFor(restored, caFile);
      const restore = await cli(env, ['restore', backupFile, '--keyring-file', path.join(first, 'keyring'), '--json']);
      expect(restore.code, restore.stderr).toBe(0);
      const report = JSON.parse(restore.stdout) as { counts: Record<string, number>; keyring_checked: string[] };
      expect(report.counts).toMatchObject({ api_keys: 2, orders: 2, webhook_endpoints: 1 });
      expect(report.keyring_checked).toEqual(
        expect.arrayContaining([
          `webhook endpoint ${endpointId}`,
          expect.stringMatching(/^API key /),
          expect.stringMatching(/^the second factor/),
        ]),
      );

      gateway = await serve(env);
      const url = gateway.url;
      expect(gateway.output()).not.toContain('First start');
      for (const key of keys) {
        const listed = await call(`${url}/v1/orders?limit=100`, { headers: { 'x-api-key': key } });
        expectOk(listed);
        expect((listed.body.orders as { order_id: string }[]).map((o) => o.order_id).sort()).toEqual([...orderIds].sort());
      }
      for (const id of orderIds)
        expectOk(await call(`${url}/v1/orders/${encodeURIComponent(id)}`, { headers: { 'x-api-key': keys[0]! } }));
      const events = await call(`${url}/v1/events?limit=100`, { headers: { 'x-api-key': keys[1]! } });
      expectOk(events);
      expect((events.body.events as { id: string }[]).map((e) => e.id)).toEqual(eventIds);

      // The owner signs in with the restored second factor and finds the endpoint.
      const login = await call(`${url}/v1/dev/login`, { method: 'POST', body: { email, password } });
      expectOk(login);
      expect(login.body.mfa_required).toBe(true);
      // The next step's code (the window takes it): enrolment may have used this step's, and a code's
      // step is accepted once.
      const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: Date.now() + 30_000 });
      const mfa = await call(`${url}/v1/dev/login/mfa`, { method: 'POST', body: { challenge: login.body.challenge, code } });
      expectOk(mfa);
      const webhooks = await call(`${url}/v1/dev/webhooks`, { headers: { authorization: `Bearer ${mfa.body.token as string}` } });
      expectOk(webhooks);
      expect((webhooks.body.webhooks as { id: string }[]).map((w) => w.id)).toEqual([endpointId]);
    });
  },
);
