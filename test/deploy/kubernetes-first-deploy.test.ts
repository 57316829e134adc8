import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isolatedDatabase } from '../helpers/test-platform.js';
import { freePort, sleep, waitUntil } from '../platform/fault-drills/children.js';
import { seedAccount } from '../platform/fault-drills/seed.js';
import { dockerInstructions, execForm, ROOT } from './deploy-files.js';

/**
 * The first deploy of docs/operations/deploying.md without a cluster: the manifests of
 * deploy/kubernetes/ (base, and staging's patch and test systems) are read as the kubelet would
 * read them, and their containers run here as processes: the image's ENTRYPOINT and ENV
 * (Dockerfile, WORKDIR = this checkout, `node dist/cli.js`) with each container's args, the env its
 * ConfigMap and the example Secret give it, its probes on its named port, and its preStop and
 * termination grace at a stop. What differs is only what a pod's network gives it: each container
 * port is a free loopback port here, and a Service's name (testsystem-aa, flightagg-gateway) is that
 * port's address. `kubectl apply` itself, the scheduler and the Service's balancing are not run.
 */
const skip = inject('databaseUrl') ? null : 'the manifests run on PostgreSQL (DATABASE_URL): this run is on embedded PGlite';

const DIR = path.join(ROOT, 'deploy/kubernetes');
type Doc = Record<string, any>;
const docs = (file: string): Doc[] =>
  parseAllDocuments(fs.readFileSync(path.join(DIR, file), 'utf8')).map((d) => d.toJS() as Doc);
const one = (file: string, kind: string): Doc => docs(file).find((d) => d.kind === kind)!;

const baseConfig = one('base/gateway-config.yaml', 'ConfigMap').data as Record<string, string>;
const stagingPatch = one('staging/gateway-config-patch.yaml', 'ConfigMap').data as Record<string, string>;
const secretExample = one('secret.example.yaml', 'Secret').stringData as Record<string, string>;
const gatewayPod = one('base/gateway-deployment.yaml', 'Deployment').spec.template.spec;
const gateway = gatewayPod.containers[0];
const migrate = one('base/migrate-job.yaml', 'Job').spec.template.spec.containers[0];
const aaPod = one('staging/testsystem-aa.yaml', 'Deployment').spec.template.spec;
const aa = aaPod.containers[0];

/** The image as the Dockerfile's runtime stage makes it: ENTRYPOINT and ENV. */
const runtime = (() => {
  const text = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const instructions = dockerInstructions(text);
  const stage = instructions.slice(instructions.findLastIndex((i) => i.keyword === 'FROM'));
  const entrypoint = execForm(stage.find((i) => i.keyword === 'ENTRYPOINT')!.args)!;
  const env: Record<string, string> = {};
  for (const i of stage.filter((i) => i.keyword === 'ENV')) {
    for (const [, name, value] of i.args.matchAll(/([A-Z_]+)=(\S+)/g)) env[name!] = value!;
  }
  return { entrypoint, env };
})();

interface Pod {
  name: string;
  child: ChildProcess;
  /** Host port of each named container port. */
  ports: Record<string, number>;
  /** stdout and stderr together. */
  output(): string;
  stdout(): string;
  exited: Promise<number | null>;
}

// A start may take the startup probe's whole bound (periodSeconds × failureThreshold: 120 s) on
// a busy machine, and readiness after it.
const STARTING_MS = 180_000;

const pods: Pod[] = [];
const dirs: string[] = [];

/**
 * One container as a process: ENTRYPOINT + args, the image's ENV then the container's (envFrom
 * ConfigMap, env from the Secret or a value), PORT and DATA_DIR mapped to this machine.
 */
async function run(name: string, container: Doc, env: Record<string, string>): Promise<Pod> {
  const ports: Record<string, number> = {};
  const byContainerPort = new Map<string, number>();
  for (const p of container.ports ?? []) {
    ports[p.name] = await freePort();
    byContainerPort.set(String(p.containerPort), ports[p.name]!);
  }
  // `--port <containerPort>` listens on the pod's port here; `--host` binds loopback only.
  const args = (container.args as string[]).map((a, i, all) =>
    all[i - 1] === '--port' ? String(byContainerPort.get(a)) : all[i - 1] === '--host' ? '127.0.0.1' : a,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-k8s-pod-'));
  dirs.push(dataDir);
  const [command, ...entryArgs] = runtime.entrypoint;
  expect(command).toBe('node');
  const child = spawn(process.execPath, [...entryArgs, ...args], {
    cwd: ROOT, // WORKDIR /app
    env: {
      PATH: process.env.PATH,
      ...runtime.env,
      ...env,
      DATA_DIR: dataDir, // the emptyDir at /data
      ...(ports.http !== undefined ? { PORT: String(ports.http) } : {}),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout!.on('data', (c) => ((output += c), (stdout += c)));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const pod = { name, child, ports, output: () => output, stdout: () => stdout, exited };
  pods.push(pod);
  return pod;
}

/** The container's env as the kubelet builds it: the ConfigMap's data, then env entries (secretKeyRef from `secret`). */
function containerEnv(container: Doc, configMap: Record<string, string>, secret: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = container.envFrom ? { ...configMap } : {};
  for (const e of container.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    else if (e.valueFrom.secretKeyRef.key in secret) env[e.name] = secret[e.valueFrom.secretKeyRef.key]!;
    else expect(e.valueFrom.secretKeyRef.optional, `${e.name} from a key the Secret lacks`).toBe(true);
  }
  return env;
}

/** An httpGet probe as the kubelet runs it: 200-399 is a success. */
async function probe(pod: Pod, spec: Doc): Promise<number> {
  const { path: route, port } = spec.httpGet;
  const res = await fetch(`http://127.0.0.1:${pod.ports[port]}${route}`, {
    signal: AbortSignal.timeout((spec.timeoutSeconds ?? 1) * 1000),
  });
  await res.arrayBuffer();
  return res.status;
}
const passes = (status: number) => status >= 200 && status < 400;

/** The startup (or liveness) probe until it passes, at most periodSeconds × failureThreshold; then readiness successThreshold times in a row. */
async function becomesReady(pod: Pod, container: Doc): Promise<void> {
  const failed = pod.exited.then((code) => {
    throw new Error(`${pod.name} exited ${code}\n${pod.output().slice(-2000)}`);
  });
  failed.catch(() => {});
  // Without a startup probe, liveness bounds a start: the kubelet restarts a container it fails.
  const startup = container.startupProbe ?? container.livenessProbe;
  const startupMs = startup.periodSeconds * startup.failureThreshold * 1000;
  await Promise.race([failed, waitUntil(`${pod.name} startup probe`, startupMs, async () => passes(await probe(pod, startup)))]);
  const readiness = container.readinessProbe;
  let inARow = 0;
  await Promise.race([
    failed,
    waitUntil(
      `${pod.name} readiness probe`,
      30_000,
      async () => {
        inARow = passes(await probe(pod, readiness)) ? inARow + 1 : 0;
        return inARow >= (readiness.successThreshold ?? 1);
      },
      // The kubelet probes every periodSeconds; a second here keeps the test short.
      1_000,
    ),
  ]);
}

/** Pod deletion as the kubelet does it: the preStop command, then SIGTERM; SIGKILL at the grace's end. */
async function terminate(pod: Pod, container: Doc, graceSeconds: number): Promise<{ code: number | null; seconds: number }> {
  const started = Date.now();
  const [command, ...args] = container.lifecycle.preStop.exec.command as string[];
  const preStop = spawn(command!, args, { stdio: 'ignore' });
  await new Promise((resolve) => preStop.on('exit', resolve));
  pod.child.kill('SIGTERM');
  const killer = setTimeout(() => pod.child.kill('SIGKILL'), graceSeconds * 1000 - (Date.now() - started));
  const code = await pod.exited;
  clearTimeout(killer);
  return { code, seconds: (Date.now() - started) / 1000 };
}

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
async function search(pod: Pod, key: string) {
  const res = await fetch(`http://127.0.0.1:${pod.ports.http}/v1/shopping/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(30), adults: 1 }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe.skipIf(skip !== null)(`deploy/kubernetes run as processes${skip ? ` (skipped: ${skip})` : ''}`, () => {
  // base's Secret, and staging's: its own namespace and database (base's replicas reach no test
  // system, staging's gateway reaches the AA one; on one database readiness would refuse the mix).
  let secret: Record<string, string>;
  let stagingSecret: Record<string, string>;
  let key: string;
  let stagingKey: string;
  let replicas: Pod[] = [];

  beforeAll(async () => {
    // The example Secret with its CHANGE-ME values filled in, as the operator does.
    secret = Object.fromEntries(
      Object.entries(secretExample).map(([name, value]) => [
        name,
        value.replace('CHANGE-ME', crypto.randomBytes(16).toString('hex')),
      ]),
    );
    secret.KEYRING = inject('keyring').split('\n').join(',');
    secret.REDIS_URL = inject('redisUrl') ?? '';
    const [base, staging] = await Promise.all([1, 2].map(() => isolatedDatabase(inject('databaseUrl')!)));
    secret.DATABASE_URL = base!;
    stagingSecret = { ...secret, DATABASE_URL: staging! };
  }, 60_000);

  afterAll(async () => {
    for (const pod of pods) if (pod.child.exitCode === null && pod.child.signalCode === null) pod.child.kill('SIGKILL');
    await Promise.all(pods.map((p) => Promise.race([p.exited, sleep(5_000)])));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the migrate Job migrates an empty database and exits 0; a bad IN_PROCESS_TEST_SYSTEMS refuses the start, naming it', async () => {
    const jobs = await Promise.all(
      [secret, stagingSecret].map((s, i) => run(`flightagg-migrate-${i}`, migrate, containerEnv(migrate, {}, s))),
    );
    const refused = await run(
      'bad-setting',
      gateway,
      containerEnv(gateway, { ...baseConfig, IN_PROCESS_TEST_SYSTEMS: 'sometimes' }, secret),
    );
    for (const job of jobs) {
      expect(await job.exited, job.output()).toBe(0);
      expect(JSON.parse(job.stdout())).toMatchObject({
        storage: 'postgres',
        applied: expect.arrayContaining([expect.any(String)]),
      });
    }
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).toContain('IN_PROCESS_TEST_SYSTEMS must be true or false (got "sometimes")');
    const keys = await Promise.all([secret, stagingSecret].map((s) => seedAccount(s.DATABASE_URL!, s.KEYRING!)));
    key = keys[0]!.key;
    stagingKey = keys[1]!.key;
  });

  it(
    "base's replicas on one database both pass readiness and liveness; a test key answers 502 airline_not_configured naming the variable",
    async () => {
      expect(baseConfig.IN_PROCESS_TEST_SYSTEMS).toBe('false');
      const env = containerEnv(gateway, baseConfig, secret);
      replicas = await Promise.all(
        Array.from({ length: one('base/gateway-deployment.yaml', 'Deployment').spec.replicas as number }, (_, i) =>
          run(`flightagg-gateway-${i}`, gateway, env),
        ),
      );
      await Promise.all(replicas.map((pod) => becomesReady(pod, gateway)));
      // Each has seen the other's heartbeat by now (one at start): still ready, both of them.
      await sleep(1_000);
      for (const pod of replicas) {
        expect(await probe(pod, gateway.readinessProbe)).toBe(200);
        expect(await probe(pod, gateway.livenessProbe)).toBe(200);
        const answer = await search(pod, key);
        expect(answer.status).toBe(502);
        expect(answer.body).toMatchObject({ code: 'airline_not_configured' });
        expect(answer.body.error).toContain('AA_TEST_URL');
      }
    },
    STARTING_MS,
  );

  /** The AA test system's Deployment, and a gateway with staging's patch whose AA_TEST_URL reaches it. */
  async function startStaging(): Promise<{ system: Pod; staging: Pod }> {
    // AA_NOTIFY_URL names the gateway's Service: nothing is pushed in this test.
    const system = await run('testsystem-aa', aa, containerEnv(aa, {}, stagingSecret));
    // The Service names of the staging patch, resolved to where the processes listen (VS and Duffel are not run).
    const services: Record<string, string> = { 'testsystem-aa:8090': `127.0.0.1:${system.ports.http}` };
    const closed = await freePort();
    const stagingConfig = Object.fromEntries(
      Object.entries({ ...baseConfig, ...stagingPatch }).map(([name, value]) => [
        name,
        name.endsWith('_TEST_URL')
          ? value.replace(/\/\/([^/]+)/, (_m, host: string) => `//${services[host] ?? `127.0.0.1:${closed}`}`)
          : value,
      ]),
    );
    const staging = await run('flightagg-gateway-staging', gateway, containerEnv(gateway, stagingConfig, stagingSecret));
    return { system, staging };
  }

  it(
    "staging: the AA test system's Deployment starts, and a staging gateway's test key reaches it at AA_TEST_URL",
    async () => {
      // `apply -k` would start them beside base's; here they start after, on a machine of two cores.
      const { system, staging } = await startStaging();
      await Promise.all([becomesReady(system, aa), becomesReady(staging, gateway)]);
      const answer = await search(staging, stagingKey);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
      expect(answer.body.connectors).toEqual(
        expect.arrayContaining([expect.objectContaining({ source: 'AA', status: 'answered' })]),
      );
      expect((answer.body.offers as { source: string }[]).some((o) => o.source === 'AA')).toBe(true);
    },
    STARTING_MS,
  );

  it('SIGTERM after the preStop sleep: each replica exits 0 within terminationGracePeriodSeconds', async () => {
    const grace = gatewayPod.terminationGracePeriodSeconds as number;
    const stops = await Promise.all(replicas.map((pod) => terminate(pod, gateway, grace)));
    for (const [i, stop] of stops.entries()) {
      expect(stop.code, replicas[i]!.output().slice(-2000)).toBe(0);
      expect(stop.seconds).toBeLessThan(grace);
    }
  });
});
