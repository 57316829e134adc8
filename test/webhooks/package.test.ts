import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeader } from '../../src/webhooks/delivery/signer.js';
import { sampleEventBody } from '../../src/webhooks/endpoints/test-delivery.js';

// storage-free: its processes are npm pack and the docs' receiver examples, none of which reads storage.

/**
 * The verifier as a receiver gets it: `packages/webhooks` packed with npm, the tarball installed
 * offline into a scratch project and imported by plain node (no build, no TypeScript), its types
 * checked from a consumer, and the receiver examples of docs/webhooks.md run as real servers.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGE = path.join(ROOT, 'packages/webhooks');
const run = promisify(execFile);
const EXPRESS = fs.existsSync(path.join(ROOT, 'node_modules/express'));

let project = '';
let tarball = '';

beforeAll(async () => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-webhooks-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', project], { cwd: PACKAGE });
  tarball = path.join(project, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'receiver', private: true, type: 'module' }));
  // It has no dependencies: the install needs no registry.
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project });
  // The examples' frameworks, from this checkout (Node resolves their own dependencies from where they really are).
  for (const name of ['fastify', ...(EXPRESS ? ['express'] : [])]) {
    fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(project, 'node_modules', name), 'dir');
  }
}, 120_000);
afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

describe('packages/webhooks, packed and installed', () => {
  it('npm pack lists exactly the package files', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], { cwd: PACKAGE });
    const [packed] = JSON.parse(stdout) as { name: string; version: string; files: { path: string }[] }[];
    expect(packed).toMatchObject({ name: '@flightagg/webhooks', version: '1.0.0' });
    expect(packed!.files.map((f) => f.path).sort()).toEqual(['README.md', 'index.d.ts', 'index.js', 'package.json']);
    const manifest = JSON.parse(fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.type).toBe('module');
  });

  it('imports with plain node after install and verifies what the gateway signs', async () => {
    const secret = newSigningSecret();
    const body = sampleEventBody('order.cancelled', new Date());
    const header = signatureHeader(secret, body, new Date());
    const script = `
      import { verifyWebhook, WebhookVerificationError, DEFAULT_TOLERANCE_SECONDS } from '@flightagg/webhooks';
      const [body, header, secret] = process.argv.slice(1);
      const event = verifyWebhook(body, header, secret);
      let tampered = null;
      try { verifyWebhook(body.replace('cancelled', 'refunded'), header, secret); } catch (e) { tampered = e instanceof WebhookVerificationError && e.name; }
      console.log(JSON.stringify({ event: event.event, tolerance: DEFAULT_TOLERANCE_SECONDS, tampered }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, body, header, secret], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ event: 'order.cancelled', tolerance: 300, tampered: 'WebhookVerificationError' });
    expect(fs.readFileSync(path.join(project, 'node_modules/@flightagg/webhooks/index.js'), 'utf8')).toBe(
      fs.readFileSync(path.join(PACKAGE, 'index.js'), 'utf8'),
    );
  });

  it('types the answer as the union of the six events for a TypeScript consumer', async () => {
    fs.writeFileSync(
      path.join(project, 'consumer.ts'),
      `import { verifyWebhook, type WebhookEvent } from '@flightagg/webhooks';
       const event: WebhookEvent = verifyWebhook('{}', 't=1,v1=0', 'whsec_x');
       if ('ticketing_deadline' in event) { const deadline: string = event.ticketing_deadline; void deadline; }
       else if (event.event === 'order.refunded') { const total: number = event.total; void total; }
       // @ts-expect-error a lifecycle body has no such field
       void event.not_a_field;
       // @ts-expect-error the header is a string, not a number
       verifyWebhook('{}', 1, 'whsec_x');`,
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
    const result = await run(
      process.execPath,
      [tsc, ...args, '--typeRoots', path.join(ROOT, 'node_modules/@types'), 'consumer.ts'],
      {
        cwd: project,
      },
    ).catch((err: { stdout: string }) => ({ stdout: err.stdout, failed: true }));
    expect(result.stdout).toBe('');
  });

  it("is the same file as the root package's flightagg/webhooks export, with no build", async () => {
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', "console.log(import.meta.resolve('flightagg/webhooks'))"],
      {
        cwd: ROOT,
      },
    );
    expect(new URL(stdout.trim()).pathname).toBe(path.join(PACKAGE, 'index.js'));
  });
});

/** The fenced block after each `<!-- example: name -->` in docs/webhooks.md. */
function examples(): Map<string, string> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/webhooks.md'), 'utf8');
  const found = new Map<string, string>();
  for (const m of doc.matchAll(/<!-- example: ([a-z-]+) -->\n```js\n([\s\S]*?)\n```/g)) found.set(m[1]!, m[2]!);
  return found;
}

/** Starts an example with PORT=0 and answers its port once it says it is listening. */
async function start(name: string, code: string, secret: string): Promise<{ port: number; child: ChildProcess }> {
  const file = path.join(project, `${name}.mjs`);
  fs.writeFileSync(file, code);
  const child = spawn(process.execPath, [file], { cwd: project, env: { ...process.env, PORT: '0', WEBHOOK_SECRET: secret } });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${name} exited (${code}) before listening: ${output}`)));
  });
  return { port, child };
}

describe('the receiver examples in docs/webhooks.md, run as servers', () => {
  it('has one example per framework', () => {
    expect([...examples().keys()].sort()).toEqual(['express', 'fastify', 'node-http']);
  });

  for (const name of ['express', 'fastify', 'node-http']) {
    const skip = name === 'express' && !EXPRESS ? 'express is not installed (not a dependency of this repository)' : null;
    it.skipIf(skip)(`${name}${skip ? ` (skipped: ${skip})` : ''}: a signed body is 2xx, a tampered one 400`, async () => {
      const secret = newSigningSecret();
      const { port, child } = await start(name, examples().get(name)!, secret);
      try {
        const body = sampleEventBody('order.ticketed', new Date());
        const post = (raw: string, header: string) =>
          fetch(`http://127.0.0.1:${port}/webhooks`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-service-signature': header, 'x-service-event': 'order.ticketed' },
            body: raw,
          });
        const header = signatureHeader(secret, body, new Date());
        const ok = await post(body, header);
        expect(ok.status).toBeGreaterThanOrEqual(200);
        expect(ok.status).toBeLessThan(300);
        expect((await post(body.replace('"TEST00"', '"TEST01"'), header)).status).toBe(400);
        expect((await post(body, signatureHeader(newSigningSecret(), body, new Date()))).status).toBe(400);
        expect((await post(body, '')).status).toBe(400);
      } finally {
        child.kill();
      }
    });
  }
});
