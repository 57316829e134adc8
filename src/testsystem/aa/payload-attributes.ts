// PayloadAttributes closing every answer: the NDC version and a transaction id, as AA's gateway sends.

import { randomUUID } from 'node:crypto';
import { iso } from './offer-xml-builder.js';
import { el, type XmlNode } from './xml-builder.js';

export function payloadAttributes(now: number, correlationId?: string): XmlNode {
  return el('PayloadAttributes', [
    correlationId ? el('CorrelationID', correlationId) : null,
    el('Timestamp', iso(now)),
    el('TrxID', randomUUID().replace(/-/g, '')),
    el('VersionNumber', '21.3'),
  ]);
}
