import type { Connector } from '../connector.js';
import { createNdcConnector, type NdcConnectorOptions } from '../ndc/ndc-connector.js';
import { AA_PROFILE } from './aa-profile.js';

export type AaConnectorOptions = NdcConnectorOptions;

/** American Airlines: the NDC 21.3 core with AA's profile. */
export function createAaConnector(options: AaConnectorOptions): Connector & { close(): Promise<void> } {
  return createNdcConnector(AA_PROFILE, options);
}
