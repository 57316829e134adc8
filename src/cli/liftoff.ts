import { spawn } from 'node:child_process';
import v8 from 'node:v8';

// Commands that keep running; every other command opens storage, answers and exits.
const LONG_RUNNING = new Set(['serve', 'testsystem', 'listen']);

// The program's own options that take a value (program.ts): their value is not the command.
const GLOBAL_OPTIONS_WITH_VALUE = new Set(['--data-dir', '--json-case']);

/** The command a command line names: its first word that is neither a global option nor the value of one. */
export function commandOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (GLOBAL_OPTIONS_WITH_VALUE.has(arg)) i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/**
 * A one-shot command on embedded storage spends most of its CPU in V8's optimising compiler,
 * tiering up PGlite's WebAssembly on background threads for code the command then runs once;
 * baseline-compiled code only (Liftoff) costs it far less CPU and leaves a full aviation sync as
 * fast as before.
 *
 * Node 22 and earlier take `--liftoff-only` while running (set here before anything loads PGlite).
 * Node 24's V8 fixes its WebAssembly tiers when it starts and ignores it silently, and the command
 * then peaks at several times the memory. There, a one-shot command on embedded storage (no
 * DATABASE_URL) runs again as a child with the flag on its command line, its standard streams,
 * exit code and signals passed through.
 *
 * Resolves when this process should go on and run the command itself; never resolves when a child
 * runs it (this process exits with the child's code).
 */
export async function baselineCompiledOnly(args: readonly string[]): Promise<void> {
  if (LONG_RUNNING.has(commandOf(args) ?? '')) return;
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < 24 || process.execArgv.includes('--liftoff-only') || process.env.DATABASE_URL) {
    v8.setFlagsFromString('--liftoff-only');
    return;
  }
  const child = spawn(process.execPath, ['--liftoff-only', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  // A terminal's Ctrl-C reaches both processes; a supervisor's signal reaches this one only.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward);
  await new Promise<never>(() => {
    child.on('error', (err) => {
      process.stderr.write(`flightagg: could not start the command's process: ${err.message}\n`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      if (!signal) process.exit(code ?? 1);
      // Ended by a signal: end the same way, so a caller sees what the child saw.
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    });
  });
}
