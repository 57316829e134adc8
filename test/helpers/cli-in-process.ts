import { runCommandLine } from '../../src/cli/program.js';

/** Runs one `flightagg` command line in this process, as the admin channel does: its output and exit code. */
export async function flightaggInProcess(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const answer = { code: 0, out: '', err: '' };
  answer.code = await runCommandLine(argv, {
    platform: null,
    input: null,
    out: (text) => void (answer.out += text),
    err: (text) => void (answer.err += text),
  });
  return answer;
}
