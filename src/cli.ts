import { serveMayStart } from './cli/serve-precheck.js';

// `serve` makes its refusals (a taken port, secrets unfit for the storage) before the program, and
// through it the whole gateway, is loaded: a busy port is reported in about a second.
if (process.argv[2] !== 'serve' || (await serveMayStart())) {
  const { buildProgram } = await import('./cli/program.js');
  await buildProgram().parseAsync(process.argv);
}
