import fs from 'node:fs';
import path from 'node:path';
import type { SchemaBundle } from '../../src/testsystem/ndc/wire/xsd-schema-loader.js';
import { sharedXsdValidator } from '../../src/testsystem/ndc/wire/xsd-validator.js';
import { NDC_SCHEMA_DIR, needsUpstream } from '../helpers/upstream.js';

// The schemas live beside the repository and are read in place, never copied into it.
const SCHEMA_DIR = NDC_SCHEMA_DIR;
// What every 21.3 root schema imports: the common types, which import the signature schema.
const SHARED = ['IATA_OffersAndOrdersCommonTypes.xsd', 'xmldsig-core-schema.xsd'];

const read = (name: string) => ({ fileName: name, contents: fs.readFileSync(path.join(SCHEMA_DIR, name), 'utf8') });
let shared: ReturnType<typeof read>[] | null = null;
const bundles = new Map<string, SchemaBundle>();

/**
 * The root's schema with the unmodified common types: the test systems validate against a lean copy
 * of them (xsd-schema-loader.ts), so a test holds a message to the files as IATA publishes them.
 */
function fullBundle(root: string): SchemaBundle {
  let bundle = bundles.get(root);
  if (!bundle) {
    shared ??= SHARED.filter((f) => fs.existsSync(path.join(SCHEMA_DIR, f))).map(read);
    bundle = { rootFile: `${root}.xsd`, files: [read(`${root}.xsd`), ...shared] };
    bundles.set(root, bundle);
  }
  return bundle;
}

/**
 * libxml2's complaints about a message against its 21.3 root schema; empty when it validates. It
 * runs in the process's pool of xmllint workers (the test systems' own, which compiles the
 * WebAssembly once), not in a worker started for each message.
 */
export async function ndcSchemaErrors(xml: string, root: string): Promise<string[]> {
  needsUpstream('ndc-schemas');
  const result = await sharedXsdValidator().validate(xml, fullBundle(root));
  if (result.valid) return [];
  return result.errors.length > 0 ? result.errors : [`message.xml fails to validate against ${root}.xsd`];
}
