import fs from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { NDC_SCHEMA_DIR, needsUpstream } from '../helpers/upstream.js';

// The schemas live beside the repository and are read in place, never copied into it.
const SCHEMA_DIR = NDC_SCHEMA_DIR;
const SHARED = ['IATA_OffersAndOrdersCommonTypes.xsd', 'xmldsig-core-schema.xsd'];

const read = (name: string) => ({ fileName: name, contents: fs.readFileSync(path.join(SCHEMA_DIR, name), 'utf8') });
let preload: ReturnType<typeof read>[] | null = null;

/** xmllint's complaints about a message against its 21.3 root schema; empty when it validates. */
export async function ndcSchemaErrors(xml: string, root: string): Promise<string[]> {
  needsUpstream('ndc-schemas');
  preload ??= SHARED.filter((f) => fs.existsSync(path.join(SCHEMA_DIR, f))).map(read);
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: xml }],
    schema: [read(`${root}.xsd`)],
    preload,
    initialMemoryPages: 1024,
    maxMemoryPages: 4096,
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}
