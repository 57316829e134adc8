import { describe, expect, it } from 'vitest';
import { parseNdc } from '../../../src/testsystem/ndc/wire/ndc-request-parser.js';
import { createRequestValidation } from '../../../src/testsystem/ndc/wire/request-validation.js';
import { airShoppingRq, post, SCHEMA_DIR, startFixedServer, xsdErrors } from './aa-test-helpers.js';
import { needsUpstream } from '../../helpers/upstream.js';

const validation = createRequestValidation({ schemaDir: SCHEMA_DIR, roots: ['IATA_AirShoppingRQ'], logger: null });

describe('runtime request validation', () => {
  // Its speed (~16-20 ms warm against ~260 ms for the library's own call) is a figure for bench/, not
  // an assertion here: on a loaded 2-core box a timed bound fails for reasons that are not bugs.
  it('validates with libxml2 against lean schemas in a kept-alive worker, as the full schemas do', async () => {
    needsUpstream('ndc-schemas');
    expect(validation.mode).toBe('xsd');
    const xml = airShoppingRq('JFK', 'LAX');
    for (let i = 0; i < 3; i++) expect((await validation.validate(xml, parseNdc(xml), 'IATA_AirShoppingRQ')).valid).toBe(true);
    expect(await xsdErrors('IATA_AirShoppingRQ', xml)).toEqual([]);
    const broken = xml.replace('<Date>', '<Datum>').replace('</Date>', '</Datum>');
    const result = await validation.validate(broken, parseNdc(broken), 'IATA_AirShoppingRQ');
    expect(result.valid).toBe(false);
    expect(result.errors.join(' ')).toContain('Datum');
  });

  it('still serves without the schema folder, checking structure only', async () => {
    const system = await startFixedServer({ schemaDir: '/nonexistent/schemas-21.3' });
    try {
      const ok = await post(system, 'AirShopping', airShoppingRq('JFK', 'LAX'));
      expect(ok.status).toBe(200);
      const wrongRoot = await post(
        system,
        'AirShopping',
        '<Foo xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage"/>',
      );
      expect(wrongRoot.status).toBe(400);
      expect(wrongRoot.body).toContain('<Error>');
    } finally {
      await system.close();
    }
  });
});
