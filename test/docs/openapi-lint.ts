import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

/** One linter finding, reduced to what the ignore list and a failure message need. */
export interface Finding {
  tool: 'redocly' | 'spectral';
  rule: string;
  severity: 'error' | 'warning';
  where: string;
  message: string;
}

/** Redocly CLI's `recommended` ruleset, as `redocly lint` runs it, on the document given. */
export async function redoclyFindings(document: object): Promise<Finding[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
  return problems
    .filter((p) => p.severity === 'error' || p.severity === 'warn')
    .map((p) => ({
      tool: 'redocly',
      rule: p.ruleId,
      severity: p.severity === 'error' ? 'error' : 'warning',
      where: p.location[0]?.pointer ?? '',
      message: p.message,
    }));
}

/** Spectral's `spectral:oas` ruleset (its recommended rules), as `spectral lint` runs it. */
export async function spectralFindings(document: object): Promise<Finding[]> {
  const spectral = new Spectral();
  spectral.setRuleset(oas as never);
  const results = await spectral.run(new Document(JSON.stringify(document, null, 2), Parsers.Json, '/openapi.json'));
  return results
    .filter((r) => r.severity <= 1)
    .map((r) => ({
      tool: 'spectral',
      rule: String(r.code),
      severity: r.severity === 0 ? 'error' : 'warning',
      where: `#/${r.path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`,
      message: r.message,
    }));
}
