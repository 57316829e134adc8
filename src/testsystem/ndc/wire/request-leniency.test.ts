import { describe, expect, it } from 'vitest';
import { lenientRequest } from './request-leniency.js';

const ORDER = {
  OriginDepCriteria: ['Date', 'IATA_LocationCode', 'Time'],
  OriginDestCriteria: ['CabinType', 'DestArrivalCriteria', 'OriginDepCriteria'],
};

describe('lenientRequest', () => {
  it("puts the named elements' children in schema order and drops characters between elements", () => {
    const drifted =
      '<?xml version="1.0"?><RQ xmlns="urn:x"><List><OriginDestCriteria><DestArrivalCriteria><IATA_LocationCode>JFK</IATA_LocationCode></DestArrivalCriteria>' +
      '<CabinType><Code>5</Code></CabinType><OriginDepCriteria><IATA_LocationCode>LHR</IATA_LocationCode><Date>2026-12-15</Date></OriginDepCriteria>' +
      '</OriginDestCriteria>`</List></RQ>';
    expect(lenientRequest(drifted, ORDER)).toBe(
      '<?xml version="1.0"?><RQ xmlns="urn:x"><List><OriginDestCriteria><CabinType><Code>5</Code></CabinType><DestArrivalCriteria><IATA_LocationCode>JFK</IATA_LocationCode></DestArrivalCriteria>' +
        '<OriginDepCriteria><Date>2026-12-15</Date><IATA_LocationCode>LHR</IATA_LocationCode></OriginDepCriteria></OriginDestCriteria></List></RQ>',
    );
  });

  it('passes a request that needs nothing byte for byte, and every request when the airline names no element', () => {
    const tidy =
      '<RQ><OriginDepCriteria><Date>2026-12-15</Date><IATA_LocationCode>LHR</IATA_LocationCode></OriginDepCriteria><Note>a &amp; b</Note></RQ>';
    expect(lenientRequest(tidy, ORDER)).toBe(tidy);
    const drifted =
      '<RQ><OriginDepCriteria><IATA_LocationCode>LHR</IATA_LocationCode><Date>2026-12-15</Date></OriginDepCriteria></RQ>';
    expect(lenientRequest(drifted, undefined)).toBe(drifted);
    expect(lenientRequest('<not xml', ORDER)).toBe('<not xml');
  });
});
