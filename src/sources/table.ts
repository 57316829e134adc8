import { AA_SOURCE } from './aa.js';
import { DUFFEL_SOURCE } from './duffel.js';
import type { SourceTable } from './source.js';
import { VS_SOURCE } from './vs.js';

/**
 * The sources this gateway sells from, one row each (source.ts). Configuration, the connector
 * registry, the in-process test systems, the routes sources push to and their secrets, health,
 * the CLI's `testsystem` commands, the cluster harness, the test helpers and the docs all derive
 * from this list: adding a source is its folders and one row here (docs/connectors.md).
 */
export const SOURCES: SourceTable = [AA_SOURCE, VS_SOURCE, DUFFEL_SOURCE];
