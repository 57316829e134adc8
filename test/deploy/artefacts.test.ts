import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { assertNotifySecretsForStorage } from '../../src/platform/notify-secrets.js';
import {
  configVariables,
  dockerIgnored,
  dockerignorePatterns,
  dockerInstructions,
  execForm,
  interpolate,
  parseCompose,
  readCompose,
  ROOT,
} from './deploy-files.js';

/**
 * The Dockerfile, compose.yaml and deploy/haproxy.cfg, checked without Docker (docs/operations.md,
 * "Deploying"): what they copy exists, what they run is a command the CLI has, every variable they
 * set is one the gateway reads and accepts, the balancer's configuration is valid. Where a Docker
 * daemon answers, the image is built; after `npm run build` (.ci/run), the image's start path
 * (`node dist/cli.js serve`) is run from a copy laid out as the image is.
 */

const dockerfile = dockerInstructions(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
const stages = () => {
  const out: { from: string; name: string | null; steps: typeof dockerfile }[] = [];
  for (const step of dockerfile) {
    if (step.keyword === 'FROM') {
      const [image = '', , name] = step.args.split(/\s+/);
      out.push({ from: image, name: name ?? null, steps: [] });
    } else out.at(-1)?.steps.push(step);
  }
  return out;
};
const runtime = () => stages().at(-1)!;
const cliCommands = (program = buildProgram()) => program.commands.map((c) => c.name());

// The values an operator supplies (compose.yaml's header): a generated keyring and a password.
const OPERATOR_VALUES = {
  POSTGRES_PASSWORD: 'a1b2c3d4e5f6',
  KEYRING: Keyring.generateText().split('\n').join(','),
  AA_NOTIFY_SECRET: 'f'.repeat(64),
  VS_NOTIFY_SECRET: 'e'.repeat(64),
  DUFFEL_WEBHOOK_SECRET: 'd'.repeat(64),
};

describe('Dockerfile', () => {
  it('builds in one stage and runs from node:24 (LTS) in another, as a user that is not root', () => {
    const [build, run] = stages();
    expect(stages()).toHaveLength(2);
    const args = Object.fromEntries(
      dockerfile.filter((s) => s.keyword === 'ARG').map((s) => s.args.split('=') as [string, string]),
    );
    for (const stage of [build!, run!]) {
      const image = stage.from.replace(/^\$\{(\w+)\}$/, (_m, name: string) => args[name] ?? '');
      expect(image).toMatch(/^node:24(-|$)/);
    }
    const user = run!.steps.filter((s) => s.keyword === 'USER').at(-1);
    expect(user?.args).toBeDefined();
    expect(user!.args).not.toMatch(/^(root|0)(:|$)/);
  });

  it('copies only sources that exist and that .dockerignore lets into the context', () => {
    const ignore = dockerignorePatterns();
    const copies = dockerfile.filter((s) => (s.keyword === 'COPY' || s.keyword === 'ADD') && !/--from=/.test(s.args));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const parts = copy.args.split(/\s+/).filter((p) => !p.startsWith('--'));
      for (const source of parts.slice(0, -1)) {
        expect(fs.existsSync(path.join(ROOT, source)), `Dockerfile line ${copy.line}: ${source} exists`).toBe(true);
        expect(dockerIgnored(ignore, source), `Dockerfile line ${copy.line}: ${source} is not in .dockerignore`).toBe(false);
      }
    }
    // What the build makes inside the image never comes from a developer's checkout.
    for (const made of ['node_modules', 'dist', 'dashboard/dist', 'data', '.env'])
      expect(dockerIgnored(ignore, made), made).toBe(true);
  });

  it('the runtime stage copies from the build stage what the build makes', () => {
    const buildRuns = stages()[0]!
      .steps.filter((s) => s.keyword === 'RUN')
      .map((s) => s.args)
      .join(' && ');
    expect(buildRuns).toContain('npm run build');
    expect(buildRuns).toContain('npm run dashboard:build');
    expect(buildRuns).toMatch(/npm prune --omit=dev/);
    const fromBuild = runtime()
      .steps.filter((s) => s.keyword === 'COPY' && /--from=build/.test(s.args))
      .map((s) => s.args.split(/\s+/).filter((p) => !p.startsWith('--'))[0]);
    expect(fromBuild).toEqual(
      expect.arrayContaining(['/app/package.json', '/app/node_modules', '/app/dist', '/app/dashboard/dist']),
    );
    // tsconfig.build.json compiles src/ to dist/, so dist/cli.js is src/cli.ts.
    const build = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.build.json'), 'utf8'));
    expect(build.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist' });
  });

  it('starts `node dist/cli.js serve`: the compiled CLI entry and a command it has', () => {
    const entrypoint = execForm(runtime().steps.find((s) => s.keyword === 'ENTRYPOINT')!.args)!;
    const cmd = execForm(runtime().steps.find((s) => s.keyword === 'CMD')!.args)!;
    expect(entrypoint).toEqual(['node', 'dist/cli.js']);
    expect(fs.existsSync(path.join(ROOT, 'src/cli.ts'))).toBe(true);
    expect(cliCommands()).toContain(cmd[0]);
    expect(cmd).toEqual(['serve']);
  });

  it('checks readiness, drains on SIGTERM, keeps DATA_DIR in a volume and bakes in no secret', () => {
    const steps = runtime().steps;
    const health = steps.find((s) => s.keyword === 'HEALTHCHECK');
    expect(health?.args).toContain('/v1/health/ready');
    expect(steps.find((s) => s.keyword === 'STOPSIGNAL')?.args).toBe('SIGTERM');
    const env = steps
      .filter((s) => s.keyword === 'ENV')
      .map((s) => s.args)
      .join(' ');
    expect(env).toMatch(/DATA_DIR=\/data/);
    expect(steps.find((s) => s.keyword === 'VOLUME')?.args).toContain('/data');
    const known = configVariables();
    // Read by Node and by glibc's allocator, not by the gateway; anything else must be one of its settings.
    const notOurs = new Set(['NODE_ENV', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_']);
    for (const m of env.matchAll(/([A-Z_][A-Z0-9_]*)=/g)) {
      if (!notOurs.has(m[1]!)) expect(known, `ENV ${m[1]} is a gateway setting`).toContain(m[1]);
    }
    for (const step of dockerfile.filter((s) => s.keyword === 'ENV' || s.keyword === 'ARG')) {
      expect(step.args, `Dockerfile line ${step.line}`).not.toMatch(
        /KEYRING|PASSWORD|TOKEN|SECRET|DATABASE_URL|SUBSCRIPTION_KEY/,
      );
    }
  });
});

describe('compose.yaml', () => {
  const compose = readCompose();
  const gateways = Object.entries(compose.services).filter(([name]) => /^gateway-\d+$/.test(name));

  it('runs PostgreSQL 15 or 16, Redis 7, one test system per source, two gateways and HAProxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'gateway-1',
      'gateway-2',
      'haproxy',
      'postgres',
      'redis',
      'testsystem',
      'testsystem-duffel',
      'testsystem-vs',
    ]);
    expect(compose.services.postgres!.image).toMatch(/^postgres:1[56](\b|-)/);
    expect(compose.services.redis!.image).toMatch(/^redis:7(\b|-)/);
    expect(compose.services.haproxy!.image).toMatch(/^haproxy:/);
    expect(gateways).toHaveLength(2);
  });

  it('gives every service but the balancer a health check, and starts the gateways once their stores are healthy', () => {
    for (const name of ['postgres', 'redis', 'testsystem', 'testsystem-vs', 'testsystem-duffel', 'gateway-1', 'gateway-2']) {
      expect(compose.services[name]!.healthcheck?.test, name).toBeDefined();
    }
    for (const [name, gateway] of gateways) {
      expect(gateway.healthcheck!.test.join(' '), name).toContain('/v1/health/ready');
      expect(gateway.depends_on, name).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        testsystem: { condition: 'service_healthy' },
        'testsystem-vs': { condition: 'service_healthy' },
        'testsystem-duffel': { condition: 'service_healthy' },
      });
    }
  });

  it('runs the image’s own commands: the gateway, and the test system as a process of its own', () => {
    const program = buildProgram();
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image !== 'flightagg:local') continue;
      expect(service.build, `${name} builds the Dockerfile`).toBe('.');
      const command = service.command ?? ['serve'];
      expect(cliCommands(program), name).toContain(command[0]);
    }
    const testsystem = compose.services.testsystem!.command!;
    expect(testsystem.slice(0, 2)).toEqual(['testsystem', 'aa']);
    const aa = program.commands.find((c) => c.name() === 'testsystem')!.commands.find((c) => c.name() === 'aa')!;
    const flags = aa.options.map((o) => o.long);
    for (const flag of testsystem.filter((a) => a.startsWith('--'))) expect(flags, flag).toContain(flag);
  });

  it('sets only variables the gateway reads, with values its configuration accepts', () => {
    const known = configVariables();
    const text = interpolate(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), OPERATOR_VALUES);
    const { services } = parseCompose(text);
    for (const name of ['testsystem', 'testsystem-vs', 'testsystem-duffel', 'gateway-1', 'gateway-2']) {
      const env = services[name]!.environment ?? {};
      for (const variable of Object.keys(env)) expect(known, `${name}: ${variable} is a gateway setting`).toContain(variable);
      // The image's own environment, then the service's: what the process sees.
      expect(() => loadConfig({ HOST: '0.0.0.0', PORT: '8080', DATA_DIR: os.tmpdir(), ...env }), name).not.toThrow();
    }
  });

  it('points every gateway at the shared stores, the one test system and the balancer as its only trusted proxy', () => {
    const testsystemPort = compose.services.testsystem!.command![compose.services.testsystem!.command!.indexOf('--port') + 1];
    const balancer = compose.services.haproxy!.networks!.default!.ipv4_address!;
    const subnet = compose.networks!.default!.ipam!.config![0]!.subnet;
    expect(balancer.split('.').slice(0, 3)).toEqual(subnet.split('.').slice(0, 3));
    const config = loadConfig({});
    for (const [name, gateway] of gateways) {
      const env = gateway.environment!;
      expect(new URL(interpolate(env.DATABASE_URL!, OPERATOR_VALUES)).host, name).toBe('postgres:5432');
      expect(new URL(env.REDIS_URL!).host, name).toBe('redis:6379');
      expect(env.AA_TEST_URL, name).toBe(`http://testsystem:${testsystemPort}`);
      expect(env.KEYRING, name).toMatch(/^\$\{KEYRING:\?/);
      // Notification secrets are the operator's (a gateway on PostgreSQL refuses the development
      // ones), and the AA test system signs with the gateways' own.
      for (const secret of ['AA_NOTIFY_SECRET', 'VS_NOTIFY_SECRET', 'DUFFEL_WEBHOOK_SECRET'])
        expect(env[secret], `${name}: ${secret}`).toMatch(new RegExp(`^\\$\\{${secret}:\\?`));
      expect(compose.services.testsystem!.environment!.AA_NOTIFY_SECRET, name).toBe(env.AA_NOTIFY_SECRET);
      const values = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v, OPERATOR_VALUES)]));
      expect(() => assertNotifySecretsForStorage(loadConfig(values)), name).not.toThrow();
      expect(env.TRUST_PROXY, name).toBe(balancer);
      // Stopped after the drain: readiness 503 first, then the in-flight requests and streams.
      const grace = Number(/^(\d+)s$/.exec(gateway.stop_grace_period ?? '')?.[1]) * 1000;
      const drain = config.shutdownGraceMs + ((config as { shutdownReadyDelayMs?: number }).shutdownReadyDelayMs ?? 0);
      expect(grace, `${name} stop_grace_period`).toBeGreaterThan(drain);
    }
  });

  it('mounts deploy/haproxy.cfg, whose servers are the gateways on their port, checked on readiness, with X-Forwarded-For', () => {
    const mount = compose.services.haproxy!.volumes!.find((v) => v.startsWith('./deploy/haproxy.cfg:'));
    expect(mount).toBeDefined();
    const cfg = fs.readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
    const port = loadConfig({ PORT: '8080' }).port;
    // Each backend lists every gateway: `gateways` checked on readiness, `gateways_alive` (the
    // fail-open one, used while none is ready) on liveness.
    for (const [backend, check] of [
      ['gateways', '/v1/health/ready'],
      ['gateways_alive', '/v1/health'],
    ] as const) {
      const section = cfg.split(/^backend\s+/m).find((part) => part.startsWith(`${backend}\n`)) ?? '';
      const servers = [...section.matchAll(/^\s*server\s+(\S+)\s+(\S+):(\d+)\s/gm)].map((m) => `${m[2]}:${m[3]}`);
      expect(servers.sort(), backend).toEqual(gateways.map(([name]) => `${name}:${port}`).sort());
      expect(section, backend).toMatch(new RegExp(`^\\s*http-check send meth GET uri ${check.replace(/\//g, '\\/')}\\s*$`, 'm'));
      expect(section, backend).toMatch(/^\s*timeout check \d+s\s*$/m);
    }
    expect(cfg).toMatch(/^\s*use_backend gateways_alive if \{ nbsrv\(gateways\) eq 0 \}\s*$/m);
    expect(cfg).toMatch(/^\s*option forwardfor\s*$/m);
    expect(cfg).toMatch(/^\s*balance roundrobin\s*$/m);
  });

  const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  const noHaproxy = haproxy.error || haproxy.status !== 0 ? 'no haproxy binary (apt-get install haproxy)' : null;
  it.skipIf(noHaproxy !== null)(`deploy/haproxy.cfg passes haproxy -c${noHaproxy ? ` (skipped: ${noHaproxy})` : ''}`, () => {
    const check = spawnSync('haproxy', ['-c', '-f', path.join(ROOT, 'deploy/haproxy.cfg')], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });
});

/**
 * The slow checks run once, in .ci/run's PostgreSQL + Redis pass on Node 24, as the image runs
 * (FLIGHTAGG_DEPLOY_CHECK=1, after `npm run build`), not in each pass of the suite: the image's
 * start path without Docker, and `docker build` where a Docker daemon answers.
 */
const deployCheck = process.env.FLIGHTAGG_DEPLOY_CHECK === '1';
const NOT_DEPLOY_STEP = ".ci/run's PostgreSQL + Redis pass sets FLIGHTAGG_DEPLOY_CHECK=1 after npm run build";

// A Docker daemon, not only the client: `docker info` answers.
const docker = deployCheck
  ? spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 10_000 })
  : null;
const noDocker = !docker
  ? NOT_DEPLOY_STEP
  : docker.error
    ? 'no docker client'
    : docker.status !== 0
      ? 'no Docker daemon answers (docker info)'
      : null;
describe.skipIf(noDocker !== null)(`docker build${noDocker ? ` (skipped: ${noDocker})` : ''}`, { timeout: 900_000 }, () => {
  it('builds the image, whose CLI answers its version as a user that is not root', () => {
    const tag = `flightagg-test:${process.pid}`;
    const build = spawnSync('docker', ['build', '-t', tag, ROOT], { encoding: 'utf8', timeout: 890_000 });
    expect(build.status, build.stderr.slice(-4000)).toBe(0);
    try {
      const version = spawnSync('docker', ['run', '--rm', tag, '--version'], { encoding: 'utf8' });
      expect(version.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
      const user = spawnSync('docker', ['run', '--rm', '--entrypoint', 'id', tag, '-u'], { encoding: 'utf8' });
      expect(user.stdout.trim()).not.toBe('0');
    } finally {
      spawnSync('docker', ['rmi', '-f', tag]);
    }
  });
});

/**
 * The image's start path, without Docker. What the runtime stage copies (package.json, dist,
 * dashboard/dist, the dependencies) is laid out in a folder of its own, so nothing is read from
 * src/ by accident.
 */
describe.skipIf(!deployCheck)(
  `node dist/cli.js serve, laid out as the image${deployCheck ? '' : ` (skipped: ${NOT_DEPLOY_STEP})`}`,
  { timeout: 120_000 },
  () => {
    it('starts on embedded storage, answers ready and the dashboard, and exits 0 on SIGTERM', async () => {
      for (const built of ['dist/cli.js', 'dist/platform/db/migrations', 'dashboard/dist/index.html']) {
        expect(fs.existsSync(path.join(ROOT, built)), `${built} (npm run build, npm run dashboard:build)`).toBe(true);
      }
      const app = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-image-'));
      const data = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-image-data-'));
      fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(app, 'package.json'));
      fs.cpSync(path.join(ROOT, 'dist'), path.join(app, 'dist'), { recursive: true });
      fs.cpSync(path.join(ROOT, 'dashboard/dist'), path.join(app, 'dashboard/dist'), { recursive: true });
      fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'));
      const env = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: data,
        LOG_LEVEL: 'warn',
        MONITORING_INTERVAL_SECONDS: '0',
      };
      const gateway = spawn(process.execPath, ['dist/cli.js', 'serve'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      gateway.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      gateway.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => gateway.once('exit', (code) => resolve(code)));
      try {
        const listening = await new Promise<string>((resolve, reject) => {
          const check = setInterval(() => {
            const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
            if (url) {
              clearInterval(check);
              resolve(url);
            }
          }, 100);
          void exited.then((code) => {
            clearInterval(check);
            reject(new Error(`exited with ${code}: ${output}`));
          });
        });
        const ready = await fetch(`${listening}/v1/health/ready`);
        expect(ready.status, await ready.text()).toBe(200);
        const dashboard = await fetch(`${listening}/dashboard/`);
        expect(dashboard.status).toBe(200);
        expect(await dashboard.text()).toContain('<script');
        gateway.kill('SIGTERM');
        expect(await exited, output).toBe(0);
      } finally {
        if (gateway.exitCode === null) gateway.kill('SIGKILL');
        fs.rmSync(app, { recursive: true, force: true });
        fs.rmSync(data, { recursive: true, force: true });
      }
    });
  },
);
