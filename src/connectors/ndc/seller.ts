import type { Cabin } from '../connector-types.js';
import type { XmlNode } from './ndc-xml.js';

/** The agency an NDC message is sent for: every request names it in its distribution chain. */
export interface Seller {
  orgId: string;
  name: string;
}

/** The request's `DistributionChain`: one link, the seller. */
export function distributionChain(seller: Seller): XmlNode {
  return {
    DistributionChainLink: { Ordinal: '1', OrgRole: 'Seller', ParticipatingOrg: { Name: seller.name, OrgID: seller.orgId } },
  };
}

/** IATA PADIS 9873 cabin codes, as the 21.3 samples and the airlines' traffic use them. */
export const CABIN_CODE: Record<Cabin, string> = { first: '1', business: '2', premium_economy: '4', economy: '5' };
