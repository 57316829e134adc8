// Entry point of the VS test system: the NDC 21.3 core (src/testsystem/ndc/) playing Virgin
// Atlantic (vs-profile.ts), in-process beside AA's or alone (`flightagg testsystem vs`).

import { startNdcTestSystem, type InProcessNdcTestSystem, type NdcTestSystem, type NdcTestSystemOptions } from '../ndc/server.js';
import { VS_PROFILE } from './vs-profile.js';

export type VsTestSystemOptions = NdcTestSystemOptions;
export type VsTestSystem = NdcTestSystem;
export type InProcessVsTestSystem = InProcessNdcTestSystem;

export function startVsTestSystem(options: VsTestSystemOptions): Promise<InProcessVsTestSystem> {
  return startNdcTestSystem(VS_PROFILE, options);
}
