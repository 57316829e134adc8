import { baselineCompiledOnly, commandOf } from './cli/liftoff.js';

const args = process.argv.slice(2);

// Before anything loads PGlite: a one-shot command compiles its WebAssembly baseline only (on
// Node 24 by running again as a child, so nothing else is loaded first).
await baselineCompiledOnly(args);

// `serve` makes its refusals (a taken port, secrets unfit for the storage) before the program, and
// through it the whole gateway, is loaded: a busy port is reported in about a second.
const mayRun = commandOf(args) !== 'serve' || (await (await import('./cli/serve-precheck.js')).serveMayStart());
if (mayRun) {
  const { buildProgram } = await import('./cli/program.js');
  await buildProgram().parseAsync(process.argv);
}
