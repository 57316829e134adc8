import { formatMinor } from '../../../platform/money.js';
import type { Seller } from '../seller.js';
import { distributionChain } from '../seller.js';
import { buildMessage, type XmlNode } from '../ndc-xml.js';

/** An order message for `seller`: the shared builder with the seller's distribution chain. */
export function orderMessage(root: string, seller: Seller, part: 'Request' | 'Payload', body: XmlNode): string {
  const chain = distributionChain(seller);
  return buildMessage(
    root,
    part === 'Request' ? { DistributionChain: chain, Request: body } : { DistributionChain: chain, Payload: body },
  );
}

/** NDC amounts in XML: exactly the currency's ISO 4217 decimals (none for CLP, three for KWD) with its code. */
export function amountXml(minor: number, currency: string): XmlNode {
  return { '#text': formatMinor(minor, currency), '@_CurCode': currency } as unknown as XmlNode;
}
