import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Keyring } from '../../../src/platform/keyring/keyring.js';
import { generatedNotifySecrets } from '../../helpers/notify-secrets.js';
import { startReceiver, type Receiver } from '../../webhooks/https-receiver.js';
import {
  call,
  postgresCommand,
  postgresToolsUnavailable,
  runAsPostgres,
  secondFactorAndEndpoint,
  sleep,
  startGateway,
  startPrivatePostgres,
  waitUntil,
  type Answer,
  type Gateway,
  type PrivatePostgres,
} from './children.js';
import { holdFirstOffer } from './held-order.js';
import { seedAccount, type DrillAccount } from './seed.js';

/**
 * The PostgreSQL runbooks of docs/operations/backups.md, step by step, on a private PostgreSQL with
 * the doc's WAL archiving: a `flightagg serve` takes keys, a webhook endpoint with its owner's
 * second factor, orders and their events; a base backup and a logical dump are taken while it
 * serves (the doc's commands); the dump restored into a new database with `flightagg migrate`
 * serves every one of them to a gateway with the same KEYRING, and a wrong KEYRING fails readiness;
 * the base backup recovered to a moment between two batches of orders holds the first, not the second.
 */
const execFileAsync = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../../bin/flightagg.js');

const skip = !inject('databaseUrl')
  ? 'PostgreSQL backup drills run on PostgreSQL + Redis only (this run is on embedded PGlite)'
  : (postgresToolsUnavailable(['initdb', 'pg_ctl', 'pg_dump', 'pg_restore', 'createdb', 'pg_basebackup']) ??
    (spawnSync('tar', ['--version']).status === 0 ? null : 'no tar to unpack a base backup with'));

const expectOk = (answer: Answer, status = 200) => expect(answer.status, JSON.stringify(answer.body)).toBe(status);
/** A moment as the doc writes recovery_target_time: `2026-11-29 14:04:59.123+00`. */
const asPostgresTime = (moment: Date) => moment.toISOString().replace('T', ' ').replace('Z', '+00');

describe.skipIf(skip !== null)(
  `PostgreSQL backups restored as docs/operations/backups.md says${skip ? ` (skipped: ${skip})` : ''}`,
  { timeout: 180_000 },
  () => {
    // Owned by the postgres user: the server archives WAL here, and the tools write their files
    // here. Made in beforeAll, so a skipped run leaves nothing behind.
    let scratch = '';
    const archive = () => path.join(scratch, 'wal');
    const base = () => path.join(scratch, 'base');
    const dumpFile = () => path.join(scratch, 'flightagg.dump');
    const caFile = () => path.join(scratch, 'ca.pem');
    const keyring = Keyring.generateText();
    let server: PrivatePostgres;
    let receiver: Receiver;
    let account: DrillAccount;
    const gateways: Gateway[] = [];
    const keys: string[] = [];
    const ordersA: string[] = [];
    let eventIds: string[] = [];
    let endpointId: string;
    let totpSecret: string;

    const serve = async (databaseUrl: string, ring = keyring) => {
      const gateway = await startGateway({
        DATABASE_URL: databaseUrl,
        KEYRING: ring,
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: caFile(),
      });
      gateways.push(gateway);
      return gateway;
    };
    const stop = async (gateway: Gateway) => {
      await gateway.stop();
      gateways.splice(gateways.indexOf(gateway), 1);
    };
    const databaseUrl = (name: string) => `postgres://postgres@127.0.0.1:${server.port}/${name}`;

    /** A held order through the gateway's in-process test system; answers its id. */
    const book = (url: string, destination: string, days: number) =>
      holdFirstOffer(url, { search: keys[0]!, hold: keys[1]! }, destination, days);
    const listedOrders = async (url: string, key: string) => {
      const listed = await call(`${url}/v1/orders?limit=100`, { headers: { 'x-api-key': key } });
      expectOk(listed);
      return (listed.body.orders as { order_id: string }[]).map((o) => o.order_id).sort();
    };

    beforeAll(async () => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-pg-backups-'));
      if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', scratch]);
      runAsPostgres('mkdir', [archive()]);
      // postgresql.conf as the doc has it, the archive in a temp directory.
      server = await startPrivatePostgres({
        conf: `wal_level = replica\narchive_mode = on\narchive_command = 'test ! -f ${archive()}/%f && cp %p ${archive()}/%f'`,
      });
      receiver = await startReceiver();
      fs.writeFileSync(caFile(), receiver.ca);
      account = await seedAccount(server.url, keyring);
      keys.push(account.key);
      const gateway = await serve(server.url);

      // The base backup, as the doc's command, while the gateway serves: everything after it (a
      // key, an endpoint, orders) reaches a recovery only by WAL replay (archived, or copied from
      // the old pg_wal).
      runAsPostgres('pg_basebackup', [
        `--dbname=${server.url}`,
        `--pgdata=${base()}`,
        '--format=tar',
        '--gzip',
        '--checkpoint=fast',
        '--wal-method=stream',
      ]);

      const url = gateway.url;
      const login = await call(`${url}/v1/dev/login`, {
        method: 'POST',
        body: { email: account.email, password: account.password },
      });
      expectOk(login);
      const session = { authorization: `Bearer ${login.body.token as string}` };
      const key = await call(`${url}/v1/dev/api-keys`, { method: 'POST', headers: session, body: { name: 'second key' } });
      expectOk(key, 201);
      keys.push(key.body.secret as string);
      // An owner's second factor, which a webhook endpoint needs, and the endpoint.
      ({ totpSecret, endpointId } = await secondFactorAndEndpoint(url, session, account.password, {
        url: receiver.url('/pg-backup'),
      }));

      ordersA.push(await book(url, 'LAX', 40), await book(url, 'MIA', 44));
      const events = await call(`${url}/v1/events?limit=100`, { headers: { 'x-api-key': keys[0]! } });
      expectOk(events);
      eventIds = (events.body.events as { id: string }[]).map((e) => e.id);
      expect(eventIds.length).toBeGreaterThanOrEqual(2);
    }, 240_000);

    afterAll(async () => {
      for (const gateway of [...gateways]) await gateway.stop();
      await receiver?.close();
      server?.remove();
      if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
    });

    it('pg_dump --format=custom takes the dump while the gateway serves', async () => {
      const during = Promise.all(
        Array.from({ length: 10 }, () => call(`${gateways[0]!.url}/v1/orders`, { headers: { 'x-api-key': keys[0]! } })),
      );
      // The doc's command, run as the postgres user so it writes in the scratch directory.
      const [command, ...args] = postgresCommand('pg_dump', ['--format=custom', `--file=${dumpFile()}`, server.url]);
      await execFileAsync(command!, args, { timeout: 60_000 });
      expect((await during).map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(fs.statSync(dumpFile()).size).toBeGreaterThan(0);
    });

    it('createdb, pg_restore --no-owner and flightagg migrate: a gateway with the same KEYRING serves every order, key, endpoint and event', async () => {
      runAsPostgres('createdb', ['-h', '127.0.0.1', '-p', String(server.port), '-U', 'postgres', 'flightagg_restored']);
      runAsPostgres('pg_restore', ['--no-owner', `--dbname=${databaseUrl('flightagg_restored')}`, dumpFile()]);
      const migrate = await execFileAsync(process.execPath, [BIN, 'migrate'], {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl('flightagg_restored'),
          KEYRING: keyring,
          REDIS_URL: '',
          LOG_LEVEL: 'warn',
          DATA_DIR: scratch,
          ...generatedNotifySecrets(),
        },
        timeout: 110_000,
      });
      expect(migrate.stderr).toBe('');

      const gateway = await serve(databaseUrl('flightagg_restored'));
      const url = gateway.url;
      // Every key authenticates and finds both orders.
      for (const key of keys) expect(await listedOrders(url, key)).toEqual([...ordersA].sort());
      for (const id of ordersA)
        expectOk(await call(`${url}/v1/orders/${encodeURIComponent(id)}`, { headers: { 'x-api-key': keys[0]! } }));
      const events = await call(`${url}/v1/events?limit=100`, { headers: { 'x-api-key': keys[1]! } });
      expectOk(events);
      expect((events.body.events as { id: string }[]).map((e) => e.id)).toEqual(eventIds);
      // The owner signs in with the restored second factor and finds the endpoint.
      const login = await call(`${url}/v1/dev/login`, {
        method: 'POST',
        body: { email: account.email, password: account.password },
      });
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
      // The dump holds the serving gateway's heartbeat (gateway_airlines): for up to its 15 s
      // freshness the restored gateway sees another one reaching other test systems, then is ready.
      let ready!: Answer;
      await waitUntil('the restored gateway ready', 30_000, async () => {
        ready = await call(`${url}/v1/health/ready`);
        return ready.status === 200;
      });
      expectOk(ready);
      expect(ready.body).toMatchObject({ status: 'ready', checks: { database: 'ok', keyring: 'ok' } });
      await stop(gateway);
    });

    // After the right keyring's checks: a gateway registers its keyring's ids as active in the
    // database it starts on, so the right keyring's instances are not ready once this one has run.
    it('a gateway on the restored database with another KEYRING is not ready: checks.keyring failing', async () => {
      const gateway = await serve(databaseUrl('flightagg_restored'), Keyring.generateText());
      const ready = await call(`${gateway.url}/v1/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'not_ready', checks: { keyring: 'failing', database: 'ok' } });
      await stop(gateway);
    });

    it('point-in-time recovery of the base backup to a moment between two orders holds the first, not the second', async () => {
      const first = gateways[0]!;
      await sleep(1_000);
      const target = new Date();
      await sleep(1_000);
      const later = await book(first.url, 'SFO', 48);

      // 1. Stop the gateways, then PostgreSQL.
      await stop(first);
      server.stop();
      // 2. The data directory aside; the base backup unpacked in its place, the WAL not yet archived copied.
      const aside = `${server.data}.old`;
      fs.renameSync(server.data, aside);
      runAsPostgres('mkdir', ['-m', '700', server.data]);
      runAsPostgres('tar', ['-xzf', path.join(base(), 'base.tar.gz'), '-C', server.data]);
      runAsPostgres('tar', ['-xzf', path.join(base(), 'pg_wal.tar.gz'), '-C', path.join(server.data, 'pg_wal')]);
      runAsPostgres('sh', ['-c', `cp ${aside}/pg_wal/0* ${server.data}/pg_wal/`]);
      // 3. The recovery settings, and recovery.signal.
      runAsPostgres('sh', [
        '-c',
        `printf '%s\\n' "restore_command = 'cp ${archive()}/%f %p'" "recovery_target_time = '${asPostgresTime(target)}'" "recovery_target_action = 'promote'" >> ${server.data}/postgresql.conf`,
      ]);
      runAsPostgres('touch', [path.join(server.data, 'recovery.signal')]);
      // 4. PostgreSQL replays the archive up to the moment and opens for writes.
      server.start();
      await waitUntil('PostgreSQL promoted after recovery', 60_000, async () => {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        try {
          return (await client.query('select pg_is_in_recovery() as r')).rows[0].r === false;
        } finally {
          await client.end();
        }
      });
      const log = fs.readFileSync(path.join(server.dir, 'log'), 'utf8');
      expect(log).toMatch(/restored log file "[0-9A-F]+" from archive/);
      expect(log).toMatch(/recovery stopping before commit of transaction/);

      // 5. A gateway with the same KEYRING finds the orders before the moment, not the one after.
      const gateway = await serve(server.url);
      for (const key of keys) expect(await listedOrders(gateway.url, key)).toEqual([...ordersA].sort());
      const gone = await call(`${gateway.url}/v1/orders/${encodeURIComponent(later)}`, { headers: { 'x-api-key': keys[0]! } });
      expect(gone.status).toBe(404);
    });
  },
);
