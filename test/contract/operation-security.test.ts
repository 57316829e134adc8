import { describe, expect, it } from 'vitest';
import { operationsOf, servedTestApp } from './served-document.js';

const EXPECTED: Record<string, unknown> = {
  public: [],
  'api-key': [{ ApiKey: [] }],
  session: [{ SessionBearer: [] }],
  'airline-signature': [{ AirlineSignature: [] }],
};

/**
 * A generated client and the docs page send what `security` says: it must be what the gate
 * enforces. Each operation's requirement is read against the policy of its registered route.
 */
describe('security of every operation in /openapi.json', () => {
  const served = servedTestApp();

  it("follows the route's declared authentication", () => {
    const policies = new Map<string, string>(
      served.t.app.declaredRoutes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.auth]),
    );
    const wrong = operationsOf(served.document)
      .map(({ name, operation }) => ({
        name,
        auth: policies.get(name),
        security: (operation as { security?: unknown }).security,
      }))
      .filter(({ auth, security }) => !auth || JSON.stringify(security) !== JSON.stringify(EXPECTED[auth]));
    expect(wrong).toEqual([]);
  });

  it('documents health and sign-up as needing nothing, and the airline notification as signed', () => {
    const securityOf = (name: string) =>
      (operationsOf(served.document).find((o) => o.name === name)?.operation as { security?: unknown } | undefined)?.security;
    expect(securityOf('GET /v1/health')).toEqual([]);
    expect(securityOf('GET /v1/health/ready')).toEqual([]);
    expect(securityOf('POST /v1/orders')).toEqual([{ ApiKey: [] }]);
    expect(securityOf('GET /v1/dev/orders')).toEqual([{ SessionBearer: [] }]);
    expect(securityOf('POST /v1/airlines/{airline}/notifications')).toEqual([{ AirlineSignature: [] }]);
  });
});
