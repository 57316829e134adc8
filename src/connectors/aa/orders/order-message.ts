import { XMLBuilder } from 'fast-xml-parser';
import { formatMinor } from '../../../platform/money.js';
import type { Seller } from '../air-shopping-request.js';
import { distributionChain } from '../air-shopping-request.js';
import { COMMON_NS, MESSAGE_NS, type XmlNode } from '../ndc-xml.js';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });

/**
 * A whole order message. Like buildMessage in ndc-xml.ts, but the top-level parts are named by
 * the caller: OrderQuoteRQ carries `Payload` where the other messages carry `Request`. Each
 * grandchild re-declares the common-types namespace, as the IATA samples do.
 */
export function orderMessage(root: string, seller: Seller, part: 'Request' | 'Payload', body: XmlNode): string {
  const qualify = (value: XmlNode): XmlNode => {
    const out: XmlNode = {};
    for (const [name, v] of Object.entries(value)) {
      if (v === undefined) continue;
      // Text children (OrderRefID) are common-types elements too and need the namespace as well.
      const ns = (x: unknown) =>
        typeof x === 'object' ? { '@_xmlns': COMMON_NS, ...(x as XmlNode) } : { '@_xmlns': COMMON_NS, '#text': x };
      out[name] = (Array.isArray(v) ? v.map(ns) : ns(v)) as XmlNode;
    }
    return out;
  };
  const tree = {
    [root]: { '@_xmlns': MESSAGE_NS, DistributionChain: qualify(distributionChain(seller)), [part]: qualify(body) },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build(tree)}`;
}

/** NDC amounts in XML: exactly the currency's ISO 4217 decimals (none for CLP, three for KWD) with its code. */
export function amountXml(minor: number, currency: string): XmlNode {
  return { '#text': formatMinor(minor, currency), '@_CurCode': currency } as unknown as XmlNode;
}
