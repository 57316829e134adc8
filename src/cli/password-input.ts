import { commandContext } from './command-context.js';
import { UsageError } from './usage-error.js';

/**
 * Where a command gets a new password: never from its arguments, which every local user can read
 * in `ps` and /proc and the shell keeps in its history. On a terminal it asks twice with no echo;
 * with --password-stdin it reads one line from stdin (`… | flightagg user create --password-stdin`,
 * as `docker login --password-stdin` does). A command forwarded to a running gateway carries the
 * line its shell read as the channel's input.
 */
export interface PasswordOptions {
  /** The refused argv form, declared (hidden) only to answer it with the way to do it instead. */
  password?: string;
  passwordStdin?: boolean;
}

export const PASSWORD_ON_ARGV_REFUSED =
  '--password is no longer accepted: a password on the command line is visible to other users and kept in shell history; ' +
  'type it at the prompt, or pipe it in with --password-stdin';

export async function readNewPassword(opts: PasswordOptions): Promise<string> {
  if (opts.password !== undefined) throw new UsageError(PASSWORD_ON_ARGV_REFUSED);
  const context = commandContext();
  if (context.input !== null) return firstLine(context.input);
  if (context.platform) throw new UsageError('a password is needed: pipe it in with --password-stdin');
  if (opts.passwordStdin) return firstLine(await readAll(process.stdin));
  if (process.stdin.isTTY) {
    const password = await promptHidden('Password: ');
    const repeated = await promptHidden('Repeat the password: ');
    if (password !== repeated) throw new UsageError('the two passwords differ: nothing was created');
    return password;
  }
  throw new UsageError('no password: run the command in a terminal to be asked for it, or pipe it in with --password-stdin');
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0]!.replace(/\r$/, '');
  if (line === '') throw new UsageError('--password-stdin read an empty password');
  return line;
}

/**
 * Reads stdin to its end or its first line break, then lets go of it: a writer that keeps the pipe
 * open neither holds up the read nor keeps the process from exiting.
 */
function readAll(stream: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = () => {
      stream.off('data', onData);
      stream.destroy();
      resolve(text);
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      if (text.includes('\n')) done();
    };
    stream.on('data', onData);
    stream.once('end', done);
    stream.once('error', reject);
  });
}

/** Asks on stderr (stdout stays the command's answer) and reads the terminal in raw mode: nothing echoes. */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new UsageError('no password given: nothing was created'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    // Raw mode before the prompt shows: a password typed ahead of it would otherwise echo.
    stdin.setRawMode(true);
    process.stderr.write(prompt);
    stdin.on('data', onData);
    stdin.resume();
  });
}
