import path from 'node:path';
import { ROOT, TABLE_FILE, writeTable } from './command-table.js';

/** `npm run cli:table`: rewrites the command table `flightagg --help` answers from. */
await writeTable();
process.stdout.write(`updated ${path.relative(ROOT, TABLE_FILE)}\n`);
