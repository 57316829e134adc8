import { runCommandLine } from '../../src/cli/program.js';
import type { Platform } from '../../src/platform/platform.js';

/**
 * Runs one `flightagg` command line in this process, as the admin channel does: its output and exit
 * code. With `platform`, the command uses that open storage, as one sent to a running gateway does;
 * without, it opens the storage the environment names, as the process would.
 */
export async function flightaggInProcess(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return flightaggOn(null, ...argv);
}

/** The same, on `platform`'s storage (null: the storage the environment names). */
export async function flightaggOn(
  platform: Platform | null,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  const answer = { code: 0, out: '', err: '' };
  answer.code = await runCommandLine(argv, {
    platform,
    input: null,
    out: (text) => void (answer.out += text),
    err: (text) => void (answer.err += text),
  });
  return answer;
}
