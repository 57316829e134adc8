// XML Schema validation with libxml2 (xmllint-wasm). The library's validateXML() starts a worker and
// compiles the 780 KB WebAssembly module on every call, and libxml2 re-parses the 1 MB common-types
// schema each time: ~260 ms per validation on 2 cores. Here the workers live as long as the server,
// compile the module once, keep each message's lean schema (xsd-schema-loader.ts) in memory, and only
// instantiate the module per run (xmllint's main() cannot be re-entered). One pool serves every
// test system of the process (sharedXsdValidator), and a message already judged is not run again.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SchemaBundle } from './xsd-schema-loader.js';

export interface ValidationResult {
  valid: boolean;
  errors: string[];
}

// Runs inside the worker. Plain JavaScript so it needs no TypeScript loader; it uses the Emscripten
// factory that xmllint-wasm exports and hands it the pre-compiled module through instantiateWasm.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const factory = require(workerData.script);
const compiled = new WebAssembly.Module(fs.readFileSync(workerData.wasm));
const bundles = new Map();
parentPort.on('message', (job) => {
  if (job.type === 'bundle') { bundles.set(job.key, job.files); return; }
  let stderr = '';
  let settled = false;
  const finish = (exitCode) => {
    if (settled) return;
    settled = true;
    parentPort.postMessage({ id: job.id, exitCode, stderr });
  };
  const files = [{ fileName: 'message.xml', contents: job.xml }, ...(bundles.get(job.key) || [])];
  Promise.resolve()
    .then(() => factory({
      inputFiles: files,
      arguments: ['--schema', job.root + '.xsd', '--noout', 'message.xml'],
      print() {},
      printErr(text) { stderr += text + '\\n'; },
      onExit: finish,
      onAbort(reason) { stderr += 'abort: ' + reason; finish(-1); },
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
        return {};
      },
      wasmMemory: new WebAssembly.Memory({ initial: 1024, maximum: 8192 }),
    }))
    .catch((error) => { stderr += String(error); finish(-1); });
});
`;

interface Pending {
  resolve: (result: ValidationResult) => void;
  reject: (error: Error) => void;
}

// Each bundle object gets a key of its own: two test systems may load one root from other folders.
const bundleKeys = new WeakMap<SchemaBundle, string>();
let lastBundleKey = 0;
function keyOf(bundle: SchemaBundle): string {
  let key = bundleKeys.get(bundle);
  if (key === undefined) bundleKeys.set(bundle, (key = `b${++lastBundleKey}`));
  return key;
}

class XmllintWorker {
  private readonly worker: Worker;
  private readonly sent = new Set<string>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(script: string, wasm: string) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { script, wasm } });
    this.worker.unref();
    this.worker.on('message', (msg: { id: number; exitCode: number; stderr: string }) => {
      const job = this.pending.get(msg.id);
      if (!job) return;
      this.pending.delete(msg.id);
      if (msg.exitCode === 0) job.resolve({ valid: true, errors: [] });
      else if (msg.exitCode === 1 || msg.exitCode === 3 || msg.exitCode === 4) {
        const errors = msg.stderr
          .split('\n')
          .filter((l) => l.trim() && !l.endsWith(' validates') && !l.endsWith('fails to validate'));
        job.resolve({ valid: false, errors });
      } else job.reject(new Error(`xmllint exited with ${msg.exitCode}: ${msg.stderr.slice(0, 500)}`));
    });
    this.worker.on('error', (error) => {
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    });
  }

  get load(): number {
    return this.pending.size;
  }

  validate(xml: string, bundle: SchemaBundle): Promise<ValidationResult> {
    const root = bundle.rootFile.replace(/\.xsd$/, '');
    const key = keyOf(bundle);
    if (!this.sent.has(key)) {
      this.worker.postMessage({ type: 'bundle', key, files: bundle.files });
      this.sent.add(key);
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'validate', id, root, key, xml });
    });
  }
}

export interface XsdValidator {
  validate(xml: string, bundle: SchemaBundle): Promise<ValidationResult>;
}

// Verdicts kept for messages seen before (a search asked again sends the same bytes); at most this
// many, then the memory starts again.
const VERDICTS_KEPT = 2_000;

let shared: XsdValidator | null = null;

/**
 * The process's one pool of two xmllint workers, made on first use and never closed: its workers
 * are unref'd, so they keep no process alive. Every test system of the process validates through it
 * (a test file starts several, each with two workers before), and a message judged before gets the
 * same verdict without a run: the verdict depends on the bytes and the schema bundle alone.
 */
export function sharedXsdValidator(): XsdValidator {
  if (shared) return shared;
  const require = createRequire(import.meta.url);
  const script = require.resolve('xmllint-wasm/xmllint-node.js');
  const wasm = path.join(path.dirname(script), 'xmllint.wasm');
  const workers = [new XmllintWorker(script, wasm), new XmllintWorker(script, wasm)];
  const verdicts = new Map<string, Promise<ValidationResult>>();
  shared = {
    validate(xml, bundle) {
      const key = `${keyOf(bundle)}:${createHash('sha256').update(xml).digest('base64')}`;
      let verdict = verdicts.get(key);
      if (verdict === undefined) {
        if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
        // Each worker runs one validation at a time (messages queue inside it); the least loaded takes it.
        const worker = workers.reduce((best, w) => (w.load < best.load ? w : best));
        verdict = worker.validate(xml, bundle);
        verdicts.set(key, verdict);
        // A run that failed (not a verdict) is not kept.
        verdict.catch(() => verdicts.delete(key));
      }
      return verdict;
    },
  };
  return shared;
}
