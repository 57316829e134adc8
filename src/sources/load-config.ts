import { parseConfig, type Config } from '../platform/config.js';
import { configVariables } from '../platform/config-variables.js';
import type { ConfigVariable } from '../platform/config-variable-kinds.js';
import type { SourceTable } from './source.js';
import { SOURCES } from './table.js';

/**
 * The configuration of a gateway selling from `sources` (the table by default), read from the
 * environment once, at start, validated as a whole and frozen (src/platform/config.ts).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  sources: SourceTable = SOURCES,
): Readonly<Config> {
  return parseConfig(
    env,
    sources.map((source) => source.config),
  );
}

/** Every variable a gateway selling from `sources` reads, in reference order (docs:config renders it). */
export function sourcesConfigVariables(sources: SourceTable = SOURCES): readonly ConfigVariable[] {
  return configVariables(sources.map((source) => source.config));
}

/** Every variable of the gateway built from the table: what the reference and the start banner list. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = sourcesConfigVariables();
