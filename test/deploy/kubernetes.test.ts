import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../../src/platform/config-variables.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { SOURCES } from '../../src/sources/table.js';

/**
 * deploy/kubernetes/ without a cluster: every manifest is held to its kind's schema by
 * kubernetes-models (the Kubernetes OpenAPI schemas, as typed models with validate()), the
 * kustomizations name files that exist, and what the manifests say of the gateway agrees with its
 * code: probes on its health routes, a termination grace that covers the drain, variables it reads.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIR = path.join(ROOT, 'deploy/kubernetes');

interface Manifest {
  file: string;
  doc: Record<string, any>;
}

function yamlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? yamlFiles(path.join(dir, e.name)) : e.name.endsWith('.yaml') ? [path.join(dir, e.name)] : [],
    );
}

const manifests: Manifest[] = yamlFiles(DIR).flatMap((file) =>
  parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => {
    if (d.errors.length > 0) throw new Error(`${file}: ${d.errors[0]!.message}`);
    return { file: path.relative(DIR, file), doc: d.toJS() as Record<string, any> };
  }),
);
const objects = manifests.filter((m) => m.doc.kind !== 'Kustomization');
const find = (kind: string, name: string) => {
  const found = objects.find((m) => m.doc.kind === kind && m.doc.metadata?.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in deploy/kubernetes`);
  return found.doc;
};

type Model = new (data: never) => { validate(): void };
/** kubernetes-models' class for each apiVersion and kind the manifests use (a new kind is added here). */
const MODELS: Record<string, Model> = {
  'v1 ConfigMap': ConfigMap,
  'v1 Namespace': Namespace,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'apps/v1 Deployment': Deployment,
  'batch/v1 Job': Job,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
};
function modelOf(apiVersion: string, kind: string): Model {
  const model = MODELS[`${apiVersion} ${kind}`];
  if (!model) throw new Error(`no kubernetes-models class for ${apiVersion} ${kind}: add it to MODELS`);
  return model;
}

const gateway = find('Deployment', 'flightagg-gateway');
const gatewayPod = gateway.spec.template.spec;
const gatewayContainer = gatewayPod.containers[0];
const config = find('ConfigMap', 'flightagg-config');
const secret = find('Secret', 'flightagg-secrets');

describe('deploy/kubernetes: schemas', () => {
  it('every manifest is valid for its kind (kubernetes-models)', () => {
    expect(objects.length).toBeGreaterThanOrEqual(12);
    for (const { file, doc } of objects) {
      const Model = modelOf(doc.apiVersion, doc.kind);
      expect(() => new Model(doc as never).validate(), `${file}: ${doc.kind} ${doc.metadata?.name}`).not.toThrow();
    }
  });

  it('the validator refuses what the API server would (a replica count as text, a probe without a handler port)', () => {
    const Model = modelOf('apps/v1', 'Deployment');
    const broken = structuredClone(gateway);
    broken.spec.replicas = 'two';
    expect(() => new Model(broken as never).validate()).toThrow(/replicas/);
    const noPort = structuredClone(gateway);
    delete noPort.spec.template.spec.containers[0].readinessProbe.httpGet.port;
    expect(() => new Model(noPort as never).validate()).toThrow(/port/);
  });

  it('each kustomization names files that exist, and every manifest belongs to one (the example Secret aside)', () => {
    const named = new Set<string>();
    for (const { file, doc } of manifests.filter((m) => m.doc.kind === 'Kustomization')) {
      const dir = path.dirname(path.join(DIR, file));
      for (const entry of [...(doc.resources ?? []), ...(doc.patches ?? []).map((p: { path: string }) => p.path)]) {
        const target = path.resolve(dir, entry);
        expect(fs.existsSync(target), `${file} names ${entry}`).toBe(true);
        named.add(path.relative(DIR, fs.statSync(target).isDirectory() ? path.join(target, 'kustomization.yaml') : target));
      }
    }
    const loose = [...new Set(objects.map((m) => m.file))].filter((f) => !named.has(f) && !f.startsWith('base/'));
    expect(loose).toEqual(['secret.example.yaml']);
    const base = manifests.find((m) => m.file === 'base/kustomization.yaml')!.doc;
    const inBase = objects.filter((m) => m.file.startsWith('base/')).map((m) => path.basename(m.file));
    expect([...new Set(inBase)].sort()).toEqual([...base.resources].sort());
  });
});

describe('deploy/kubernetes: agrees with the gateway', () => {
  const routes = fs.readFileSync(path.join(ROOT, 'src/health/routes.ts'), 'utf8');

  it('liveness on GET /v1/health, readiness on GET /v1/health/ready: routes the health feature declares', () => {
    expect(gatewayContainer.livenessProbe.httpGet.path).toBe('/v1/health');
    expect(gatewayContainer.startupProbe.httpGet.path).toBe('/v1/health');
    expect(gatewayContainer.readinessProbe.httpGet.path).toBe('/v1/health/ready');
    for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
      expect(routes).toContain(`'${gatewayContainer[probe].httpGet.path}',`);
      expect(gatewayContainer[probe].httpGet.port).toBe('http');
    }
    expect(gatewayContainer.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
  });

  it('the termination grace covers the preStop wait, SHUTDOWN_READY_DELAY_MS and SHUTDOWN_GRACE_MS, with a margin', () => {
    const [sleep, seconds] = gatewayContainer.lifecycle.preStop.exec.command as string[];
    expect(sleep).toBe('sleep');
    const variables = configVariables(SOURCES.map((s) => s.config));
    const declared = (name: string) => (variables.find((v) => v.name === name)!.value as { default: number }).default;
    // The ConfigMap writes the gateway's defaults out, so the sum below is what runs.
    const readyDelayMs = Number(config.data.SHUTDOWN_READY_DELAY_MS);
    const graceMs = Number(config.data.SHUTDOWN_GRACE_MS);
    expect(readyDelayMs).toBe(declared('SHUTDOWN_READY_DELAY_MS'));
    expect(graceMs).toBe(declared('SHUTDOWN_GRACE_MS'));
    const needed = Number(seconds) + (readyDelayMs + graceMs) / 1000;
    expect(gatewayPod.terminationGracePeriodSeconds).toBeGreaterThan(needed);
    expect(gatewayPod.terminationGracePeriodSeconds).toBeLessThanOrEqual(needed + 10);
    // The readiness probe notices the drain within the ready delay: failures × period < delay.
    const probe = gatewayContainer.readinessProbe;
    expect(probe.failureThreshold * probe.periodSeconds * 1000).toBeLessThan(readyDelayMs);
  });

  it('every variable set is one the gateway or its test-system command reads, and secrets come from the Secret', () => {
    const known = new Set(configVariables(SOURCES.map((s) => s.config)).map((v) => v.name));
    const containers = objects.flatMap((m) =>
      ['Deployment', 'Job'].includes(m.doc.kind) ? (m.doc.spec.template.spec.containers as Record<string, any>[]) : [],
    );
    const configMaps = objects.filter((m) => m.doc.kind === 'ConfigMap');
    const names = [
      ...containers.flatMap((c) => (c.env ?? []).map((e: { name: string }) => e.name)),
      ...configMaps.flatMap((m) => Object.keys(m.doc.data)),
      ...Object.keys(secret.stringData),
    ];
    for (const name of names) expect(known.has(name), name).toBe(true);
    for (const c of containers) {
      for (const e of c.env ?? []) {
        // A value written in a manifest is never a secret, a key or a connection string with a password.
        if (!e.valueFrom) expect(e.name, `${c.name} sets ${e.name} in clear`).toMatch(/_NOTIFY_URL$/);
        else expect(Object.keys(secret.stringData)).toContain(e.valueFrom.secretKeyRef.key);
      }
    }
    const fromSecret = (gatewayContainer.env as { name: string }[]).map((e) => e.name);
    expect(fromSecret).toEqual(expect.arrayContaining(['KEYRING', 'METRICS_TOKEN', 'AA_NOTIFY_SECRET', 'VS_NOTIFY_SECRET']));
  });

  it("the gateway's configuration accepts what the manifests give it (ConfigMap, staging patch, the Secret's shape)", () => {
    const staging = find('ConfigMap', 'flightagg-config');
    const patch = manifests.find((m) => m.file === 'staging/gateway-config-patch.yaml')!.doc;
    const env: Record<string, string> = { ...staging.data, ...patch.data };
    for (const [name, value] of Object.entries(secret.stringData as Record<string, string>)) {
      env[name] =
        name === 'KEYRING'
          ? Keyring.generateText().split('\n').join(',')
          : value.replace('CHANGE-ME', crypto.randomBytes(16).toString('hex'));
    }
    const loaded = loadConfig(env);
    expect(loaded.shutdownGraceMs).toBe(Number(config.data.SHUTDOWN_GRACE_MS));
    expect(loaded.shutdownReadyDelayMs).toBe(Number(config.data.SHUTDOWN_READY_DELAY_MS));
    expect(loaded.sources.AA!.testSystemUrl).toBe('http://testsystem-aa:8090');
    // Two replicas on one database cannot each run in-process test systems (test/cluster/shared-airline.test.ts).
    expect(loadConfig({ ...env, ...config.data }).inProcessTestSystems).toBe(false);
  });

  it('the migrations run as a Job of `migrate` before the gateways; the gateways run `serve`, sized from costs.md', () => {
    const job = find('Job', 'flightagg-migrate');
    const container = job.spec.template.spec.containers[0];
    expect(container.args[0]).toBe('migrate');
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(container.image).toBe(gatewayContainer.image);
    expect(gatewayContainer.args).toEqual(['serve']);
    // costs.md: ~400-510 MB RSS per instance, one process per core.
    expect(gatewayContainer.resources.requests).toEqual({ cpu: '1', memory: '512Mi' });
    expect(gatewayContainer.resources.limits.memory).toBe('768Mi');
    const pdb = find('PodDisruptionBudget', 'flightagg-gateway');
    expect(pdb.spec.selector.matchLabels).toEqual(gateway.spec.selector.matchLabels);
    expect(gateway.spec.replicas).toBeGreaterThan(pdb.spec.maxUnavailable);
    const service = find('Service', 'flightagg-gateway');
    expect(service.spec.selector).toEqual(gateway.spec.template.metadata.labels);
  });

  it("every container runs this release's image, and staging's kustomization pins the same tag", () => {
    const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const images = objects
      .filter((m) => m.doc.kind === 'Deployment' || m.doc.kind === 'Job')
      .flatMap((m) => (m.doc.spec.template.spec.containers as { image: string }[]).map((c) => `${m.file}: ${c.image}`));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(new RegExp(`: flightagg:${version.replaceAll('.', '\\.')}$`));
    const staging = manifests.find((m) => m.file === 'staging/kustomization.yaml')!.doc;
    expect(staging.images).toEqual([expect.objectContaining({ name: 'flightagg', newTag: version })]);
  });

  it("staging runs each source's test system as its own Deployment, reached where the gateway's <CODE>_TEST_URL says", () => {
    const patch = manifests.find((m) => m.file === 'staging/gateway-config-patch.yaml')!.doc;
    for (const source of SOURCES) {
      const code = source.code.toLowerCase();
      const deployment = find('Deployment', `testsystem-${code}`);
      const container = deployment.spec.template.spec.containers[0];
      const port = container.ports[0].containerPort;
      expect(container.args).toEqual(['testsystem', code, '--host', '0.0.0.0', '--port', String(port)]);
      expect(patch.data[`${source.code}_TEST_URL`]).toBe(`http://testsystem-${code}:${port}`);
      expect(find('Service', `testsystem-${code}`).spec.ports[0].port).toBe(port);
      expect(deployment.spec.replicas).toBe(1);
    }
  });
});
