// PayloadAttributes closing every answer: the NDC version and a transaction id, as the airline's gateway sends.

import { randomUUID } from 'node:crypto';
import { el, type XmlNode, isoTimestamp } from './xml-builder.js';

export function payloadAttributes(now: number, correlationId?: string): XmlNode {
  return el('PayloadAttributes', [
    correlationId ? el('CorrelationID', correlationId) : null,
    el('Timestamp', isoTimestamp(now)),
    el('TrxID', randomUUID().replace(/-/g, '')),
    el('VersionNumber', '21.3'),
  ]);
}
