import fs from 'node:fs';
import path from 'node:path';
import { CLI_REFERENCE_FILE, currentCliReference, readReadme, regenerateCliReference } from './cli-reference.js';
import { ROOT } from './config-reference.js';

/** `npm run docs:cli`: rewrites the README's table of operator commands from their definitions. */
const current = readReadme();
if (currentCliReference(current) === null) {
  process.stderr.write(`${CLI_REFERENCE_FILE} has no <!-- cli-reference --> ... <!-- /cli-reference --> markers\n`);
  process.exit(1);
}
const expected = regenerateCliReference(current);
if (expected !== current) {
  fs.writeFileSync(path.join(ROOT, CLI_REFERENCE_FILE), expected);
  process.stdout.write(`updated ${CLI_REFERENCE_FILE}\n`);
}
