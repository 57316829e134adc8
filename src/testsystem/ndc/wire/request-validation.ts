// Validates every incoming request against its 21.3 schema. Without the schema folder (the repo
// cloned alone) the test system still runs: it falls back to structural checks and says so once.

import type { Logger } from 'pino';
import { child, type ParsedMessage } from './ndc-request-parser.js';
import { NDC_MESSAGE_NS } from './xml-builder.js';
import { loadSchemaBundles, schemaDirAvailable, type SchemaBundle } from './xsd-schema-loader.js';
import { sharedXsdValidator, type ValidationResult, type XsdValidator } from './xsd-validator.js';

export interface RequestValidation {
  readonly mode: 'xsd' | 'structural';
  validate(xml: string, parsed: ParsedMessage, expectedRoot: string): Promise<ValidationResult>;
}

// In 21.3 every request message carries its content in Request, except OrderQuoteRQ, whose schema
// names it Payload. The structural check must know this, or a clone without the schemas refuses
// every valid OrderQuote (the /quote and ancillaries paths).
const PAYLOAD_ROOTS: ReadonlySet<string> = new Set(['IATA_OrderQuoteRQ']);

/** The content part a 21.3 request root carries: `Payload` for OrderQuoteRQ, `Request` for the others. */
export const contentPartOf = (root: string): 'Request' | 'Payload' => (PAYLOAD_ROOTS.has(root) ? 'Payload' : 'Request');

function structural(xml: string, parsed: ParsedMessage, expectedRoot: string): ValidationResult {
  const errors: string[] = [];
  if (parsed.rootName !== expectedRoot) errors.push(`root element is ${parsed.rootName}, expected ${expectedRoot}`);
  if (!xml.includes(NDC_MESSAGE_NS)) errors.push(`root element is not in namespace ${NDC_MESSAGE_NS}`);
  if (!child(parsed.root, 'DistributionChain')) errors.push('DistributionChain is required');
  const part = contentPartOf(expectedRoot);
  if (!child(parsed.root, part)) errors.push(`${part} is required`);
  return { valid: errors.length === 0, errors };
}

// The lean schema bundles, read once per folder and set of roots for the process: every test
// system of one kind asks for the same, and reading and trimming them costs tens of milliseconds.
const loadedBundles = new Map<string, Map<string, SchemaBundle>>();
function bundlesOf(schemaDir: string, roots: readonly string[]): Map<string, SchemaBundle> {
  const key = `${schemaDir}\0${roots.join(',')}`;
  let bundles = loadedBundles.get(key);
  if (!bundles) loadedBundles.set(key, (bundles = loadSchemaBundles(schemaDir, roots)));
  return bundles;
}

export function createRequestValidation(options: {
  schemaDir: string;
  roots: readonly string[];
  logger: Logger | null;
}): RequestValidation {
  if (!schemaDirAvailable(options.schemaDir)) {
    options.logger?.warn(
      { schemaDir: options.schemaDir },
      'NDC 21.3 schemas not found: the test system validates requests structurally only (set NDC_SCHEMA_DIR)',
    );
    return {
      mode: 'structural',
      validate: async (xml, parsed, root) => structural(xml, parsed, root),
    };
  }
  const bundles = bundlesOf(options.schemaDir, options.roots);
  const validator: XsdValidator = sharedXsdValidator();
  return {
    mode: 'xsd',
    async validate(xml, parsed, expectedRoot) {
      const shape = structural(xml, parsed, expectedRoot);
      if (parsed.rootName !== expectedRoot) return shape;
      const bundle = bundles.get(expectedRoot);
      if (!bundle) return shape;
      return validator.validate(xml, bundle);
    },
  };
}
