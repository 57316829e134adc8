// Entry point of the AA test system: the NDC 21.3 core (src/testsystem/ndc/) playing American
// Airlines (aa-profile.ts). The names here are what the gateway, the CLI, tests and benches start.

import { startNdcTestSystem, type InProcessNdcTestSystem, type NdcTestSystem, type NdcTestSystemOptions } from '../ndc/server.js';
import { AA_PROFILE } from './aa-profile.js';

export { DEFAULT_SCHEMA_DIR } from '../ndc/server.js';
export type AaTestSystemOptions = NdcTestSystemOptions;
export type AaTestSystem = NdcTestSystem;
export type InProcessAaTestSystem = InProcessNdcTestSystem;

export function startAaTestSystem(options: AaTestSystemOptions): Promise<InProcessAaTestSystem> {
  return startNdcTestSystem(AA_PROFILE, options);
}
