// XML Schema validation with libxml2 (xmllint-wasm). The library's validateXML() starts a worker and
// compiles the 780 KB WebAssembly module on every call, and libxml2 re-parses the 1 MB common-types
// schema each time: ~260 ms per validation on 2 cores. Here the workers live as long as the server,
// compile the module once, keep each message's lean schema (xsd-schema-loader.ts) in memory, and only
// instantiate the module per run (xmllint's main() cannot be re-entered).

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
  if (job.type === 'bundle') { bundles.set(job.root, job.files); return; }
  let stderr = '';
  let settled = false;
  const finish = (exitCode) => {
    if (settled) return;
    settled = true;
    parentPort.postMessage({ id: job.id, exitCode, stderr });
  };
  const files = [{ fileName: 'message.xml', contents: job.xml }, ...(bundles.get(job.root) || [])];
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
    if (!this.sent.has(root)) {
      this.worker.postMessage({ type: 'bundle', root, files: bundle.files });
      this.sent.add(root);
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'validate', id, root, xml });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

export interface XsdValidator {
  validate(xml: string, bundle: SchemaBundle): Promise<ValidationResult>;
  close(): Promise<void>;
}

export function createXsdValidator(poolSize = 2): XsdValidator {
  const require = createRequire(import.meta.url);
  const script = require.resolve('xmllint-wasm/xmllint-node.js');
  const wasm = path.join(path.dirname(script), 'xmllint.wasm');
  const workers = Array.from({ length: poolSize }, () => new XmllintWorker(script, wasm));
  return {
    // Each worker runs one validation at a time (messages queue inside it); pick the least loaded.
    validate(xml, bundle) {
      const worker = workers.reduce((best, w) => (w.load < best.load ? w : best));
      return worker.validate(xml, bundle);
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
