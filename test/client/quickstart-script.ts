import fs from 'node:fs';
import path from 'node:path';

const QUICKSTART = path.resolve(import.meta.dirname, '../../docs/quickstart.md');

/** docs/quickstart.md's `ts` blocks, in order, as the one module a reader runs. */
export function quickstartScript(): string {
  const blocks = [...fs.readFileSync(QUICKSTART, 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  return blocks.join('\n');
}
