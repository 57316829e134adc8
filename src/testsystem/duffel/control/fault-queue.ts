// Errors injected by POST /control/faults: the next calls (optionally only those whose path starts
// with a prefix) answer with a Duffel error of the given status, type and code instead of running.

import { DuffelApiError, type DuffelErrorType } from '../wire/duffel-errors.js';

export interface Fault {
  status: number;
  type: DuffelErrorType;
  code: string;
  title: string;
  message: string;
  pathPrefix: string | null;
  remaining: number;
}

export function createFaultQueue() {
  let faults: Fault[] = [];
  return {
    add(fault: Fault) {
      faults.push(fault);
    },
    clear() {
      faults = [];
    },
    list: (): readonly Fault[] => faults,
    /** The error the call to `path` must answer with, if a fault is waiting for it. */
    take(path: string): DuffelApiError | null {
      const fault = faults.find((f) => f.pathPrefix === null || path.startsWith(f.pathPrefix));
      if (!fault) return null;
      fault.remaining--;
      if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault);
      return new DuffelApiError(fault.status, fault.type, fault.code, { title: fault.title, message: fault.message });
    },
  };
}

export type FaultQueue = ReturnType<typeof createFaultQueue>;
