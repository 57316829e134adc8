// XML Schema validation with libxml2 (xmllint-wasm). The library spawns a worker and compiles the
// WebAssembly module for every call and libxml2 re-parses the 1 MB common-types schema each time
// (~260 ms per validation, measured on 2 cores). We keep workers alive and feed them lean per-message
// schemas (xsd-schema-loader.ts), which brings a request validation to ~20-30 ms.

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SchemaBundle } from './xsd-schema-loader.js';

export interface ValidationResult {
  valid: boolean;
  errors: string[];
}

// xmllint-wasm's worker protocol (v5): messages tagged with this key, answered with exit code and
// the accumulated stderr of all runs in that worker.
const MESSAGE_KEY = 'xmllint-wasm';
const RUNS_PER_WORKER = 200;
const MEMORY_PAGES = { initialMemory: 1024, maxMemory: 8192 };

interface Job {
  xml: string;
  bundle: SchemaBundle;
  resolve: (result: ValidationResult) => void;
  reject: (error: Error) => void;
}

class XmllintWorker {
  private worker: Worker | null = null;
  private runs = 0;
  private stderrSeen = 0;
  busy = false;

  constructor(private readonly script: string) {}

  run(job: Job, done: () => void): void {
    if (!this.worker || this.runs >= RUNS_PER_WORKER) this.restart();
    const worker = this.worker as Worker;
    this.busy = true;
    this.runs += 1;
    const finish = (): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      this.busy = false;
      done();
    };
    const onMessage = (data: { [MESSAGE_KEY]?: boolean; exitCode: number; stderr: string }): void => {
      if (!data || data[MESSAGE_KEY] !== true) return;
      const output = data.stderr.slice(this.stderrSeen);
      this.stderrSeen = data.stderr.length;
      finish();
      if (data.exitCode === 0) job.resolve({ valid: true, errors: [] });
      else if (data.exitCode === 3 || data.exitCode === 4 || data.exitCode === 1) {
        const errors = output.split('\n').filter((l) => l.trim() && !l.endsWith(' validates') && !l.endsWith('fails to validate'));
        job.resolve({ valid: false, errors });
      } else job.reject(new Error(`xmllint exited with ${data.exitCode}: ${output.slice(0, 500)}`));
    };
    const onError = (error: Error): void => {
      this.worker = null;
      finish();
      job.reject(error);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage({
      [MESSAGE_KEY]: true,
      inputFiles: [{ fileName: 'message.xml', contents: job.xml }, ...job.bundle.files],
      args: ['--schema', job.bundle.rootFile, '--noout', 'message.xml'],
      ...MEMORY_PAGES,
    });
  }

  private restart(): void {
    void this.worker?.terminate();
    this.worker = new Worker(this.script);
    this.worker.unref();
    this.runs = 0;
    this.stderrSeen = 0;
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}

export interface XsdValidator {
  validate(xml: string, bundle: SchemaBundle): Promise<ValidationResult>;
  close(): Promise<void>;
}

export function createXsdValidator(poolSize = 2): XsdValidator {
  const script = createRequire(import.meta.url).resolve('xmllint-wasm/xmllint-node.js');
  const workers = Array.from({ length: poolSize }, () => new XmllintWorker(script));
  const queue: Job[] = [];
  const pump = (): void => {
    for (const worker of workers) {
      if (worker.busy) continue;
      const job = queue.shift();
      if (!job) return;
      worker.run(job, pump);
    }
  };
  return {
    validate(xml, bundle) {
      return new Promise((resolve, reject) => {
        queue.push({ xml, bundle, resolve, reject });
        pump();
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
