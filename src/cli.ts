import v8 from 'node:v8';
import { serveMayStart } from './cli/serve-precheck.js';

// Commands that keep running; every other command opens storage, answers and exits.
const LONG_RUNNING = new Set(['serve', 'testsystem', 'listen']);

// A one-shot command on embedded storage spends most of its CPU in V8's optimising compiler,
// tiering up PGlite's WebAssembly on background threads for code the command then runs once:
// baseline-compiled code only (Liftoff) takes `agency list` from about 2.6 s of CPU to 1.5 s and
// leaves a full aviation sync as fast as before. Set before anything loads PGlite.
if (!LONG_RUNNING.has(process.argv[2] ?? '')) v8.setFlagsFromString('--liftoff-only');

// `serve` makes its refusals (a taken port, secrets unfit for the storage) before the program, and
// through it the whole gateway, is loaded: a busy port is reported in about a second.
if (process.argv[2] !== 'serve' || (await serveMayStart())) {
  const { buildProgram } = await import('./cli/program.js');
  await buildProgram().parseAsync(process.argv);
}
