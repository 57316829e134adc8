import type { Connector } from '../connector.js';
import { createNdcConnector, type NdcConnectorOptions } from '../ndc/ndc-connector.js';
import { VS_PROFILE } from './vs-profile.js';

export type VsConnectorOptions = NdcConnectorOptions;

/** Virgin Atlantic: the NDC 21.3 core with VS's profile. */
export function createVsConnector(options: VsConnectorOptions): Connector & { close(): Promise<void> } {
  return createNdcConnector(VS_PROFILE, options);
}
