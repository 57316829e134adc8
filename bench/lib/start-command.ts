import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What package.json's `npm start` runs, taken apart so a bench can start the gateway the same way. */
export interface StartCommand {
  /** The variables the script sets, as the shell would given `environment` (`${NAME:-default}` keeps a value already set). */
  env: Record<string, string>;
  /** node's own flags, before the script. */
  nodeArgs: string[];
  /** The script and its arguments (`bin/flightagg.js serve`). */
  args: string[];
}

/**
 * Reads the start script: `NAME=value` or `NAME=${NAME:-value}` assignments, then `node`, its
 * flags, the script and its arguments. Anything else is refused rather than guessed, so a bench
 * never measures a start users do not get.
 */
export function startCommand(environment: NodeJS.ProcessEnv = process.env): StartCommand {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let word = words.shift();
  for (; word?.includes('='); word = words.shift()) {
    const [name, value] = [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)];
    const fallback = /^\$\{(\w+):-([^}]*)\}$/.exec(value);
    if (fallback && fallback[1] !== name) throw new Error(`start script: ${word} defaults from another variable`);
    env[name] = fallback ? environment[name] || fallback[2]! : value;
  }
  if (word !== 'node') throw new Error(`start script: expected node after the assignments, found ${word}`);
  const script = words.findIndex((w) => !w.startsWith('-'));
  if (script < 0) throw new Error('start script: no script after node');
  return { env, nodeArgs: words.slice(0, script), args: words.slice(script) };
}
