// Faults switched on at run time through the control endpoint: an outage that tests and the
// monitoring probe can watch start and end. Route triggers (scenario-triggers.ts) work without it.

/**
 * `truncated`: the real answer, cut off four fifths of the way through (a connection or proxy that
 * dropped the rest): a document whose first offers are whole and which is not well-formed at its end.
 */
export type FaultKind = 'slow' | 'timeout' | 'http5xx' | 'malformed' | 'truncated';

export interface ActiveFault {
  kind: FaultKind;
  /** Messages affected (e.g. ["AirShopping"]); empty means every message. */
  messages: string[];
  delayMs: number;
  status: number;
  /** Requests left before the fault clears itself; null means until DELETE /control/faults. */
  remaining: number | null;
  since: string;
}

export interface FaultControl {
  set(fault: Omit<ActiveFault, 'since'>, now: number): ActiveFault;
  clear(): void;
  current(): ActiveFault | null;
  /** The fault to apply to this request, counting it down when it is limited. */
  take(message: string): ActiveFault | null;
}

export const FAULT_KINDS: readonly FaultKind[] = ['slow', 'timeout', 'http5xx', 'malformed', 'truncated'];

export function createFaultControl(): FaultControl {
  let active: ActiveFault | null = null;
  return {
    set(fault, now) {
      active = { ...fault, since: new Date(now).toISOString() };
      return active;
    },
    clear() {
      active = null;
    },
    current: () => active,
    take(message) {
      if (!active) return null;
      if (active.messages.length > 0 && !active.messages.includes(message)) return null;
      const fault = active;
      if (fault.remaining !== null) {
        fault.remaining -= 1;
        if (fault.remaining <= 0) active = null;
      }
      return fault;
    },
  };
}
