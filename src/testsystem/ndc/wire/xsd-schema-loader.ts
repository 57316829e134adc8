// Loads the NDC 21.3 XSDs from the shared schema folder and derives, per message root, a lean copy of
// the common-types schema: documentation stripped and only the types that root can reach. libxml2
// then parses ~100 KB instead of 1 MB per validation, which is what makes request validation cheap.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SchemaFile {
  fileName: string;
  contents: string;
}

export interface SchemaBundle {
  rootFile: string;
  files: SchemaFile[];
}

const COMMON = 'IATA_OffersAndOrdersCommonTypes.xsd';
const DSIG = 'xmldsig-core-schema.xsd';

const stripDocs = (xsd: string): string => xsd.replace(/<xs:annotation>[\s\S]*?<\/xs:annotation>/g, '');

interface CommonTypes {
  header: string;
  imports: string;
  defs: Map<string, string>;
}

/** Splits the common-types schema into its top-level named definitions by tracking element depth. */
function splitDefinitions(xsd: string): CommonTypes {
  const openEnd = xsd.indexOf('>', xsd.indexOf('<xs:schema')) + 1;
  const header = xsd.slice(0, openEnd);
  const defs = new Map<string, string>();
  let imports = '';
  const tag = /<(\/?)xs:([A-Za-z]+)([^>]*?)(\/?)>/g;
  let depth = 0;
  let start = -1;
  let name = '';
  tag.lastIndex = openEnd;
  for (let m = tag.exec(xsd); m; m = tag.exec(xsd)) {
    const [whole, closing, , attrs = '', selfClosing] = m;
    if (closing) {
      depth -= 1;
      if (depth === 0 && start >= 0) {
        defs.set(name, xsd.slice(start, m.index + whole.length));
        start = -1;
      }
      if (depth < 0) break;
      continue;
    }
    if (depth === 0) {
      const named = /\sname="([^"]+)"/.exec(attrs);
      if (selfClosing) {
        if (named) defs.set(named[1] as string, whole);
        else imports += whole;
        continue;
      }
      start = m.index;
      name = named?.[1] ?? '';
    }
    if (!selfClosing) depth += 1;
  }
  return { header, imports, defs };
}

function reachable(common: CommonTypes, rootXsd: string): string[] {
  const seen = new Set<string>();
  const queue = [rootXsd];
  while (queue.length) {
    const next = queue.pop() as string;
    for (const ref of next.matchAll(/(?:type|base|ref|itemType)="(?:cns:)?([A-Za-z0-9_.-]+)"/g)) {
      const n = ref[1] as string;
      const def = common.defs.get(n);
      if (def && !seen.has(n)) {
        seen.add(n);
        queue.push(def);
      }
    }
  }
  return [...seen].sort();
}

export function schemaDirAvailable(dir: string): boolean {
  return existsSync(path.join(dir, COMMON));
}

export function loadSchemaBundles(dir: string, roots: readonly string[]): Map<string, SchemaBundle> {
  const common = splitDefinitions(stripDocs(readFileSync(path.join(dir, COMMON), 'utf8')));
  const dsig: SchemaFile = { fileName: DSIG, contents: stripDocs(readFileSync(path.join(dir, DSIG), 'utf8')) };
  const bundles = new Map<string, SchemaBundle>();
  for (const root of roots) {
    const rootFile = `${root}.xsd`;
    const rootXsd = stripDocs(readFileSync(path.join(dir, rootFile), 'utf8'));
    const types = reachable(common, rootXsd);
    const lean = `${common.header}${common.imports}${types.map((t) => common.defs.get(t)).join('\n')}</xs:schema>\n`;
    bundles.set(root, {
      rootFile,
      files: [{ fileName: rootFile, contents: rootXsd }, { fileName: COMMON, contents: lean }, dsig],
    });
  }
  return bundles;
}
