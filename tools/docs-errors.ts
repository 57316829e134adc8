import { writeFileSync } from 'node:fs';
import { renderErrorsDocument } from '../src/platform/http/errors-document.js';

/** `npm run docs:errors`: writes docs/errors.md from the error-code catalogue (error-codes.ts). */
writeFileSync(new URL('../docs/errors.md', import.meta.url), renderErrorsDocument());
console.log('docs/errors.md written from src/platform/http/error-codes.ts');
