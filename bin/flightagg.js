#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so `npm start` and `npx flightagg`
// work straight after `npm install`, with no build step in between.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
