// Errors injected by POST /control/faults: the next calls (optionally only those whose path starts
// with a prefix) answer with a Duffel error of the given status, type and code instead of running.
// Processes sharing a PostgreSQL store take them from it (storage/duffel-db-traffic.ts), so a fault
// set through one is answered by whichever serves the next call; alone, a process keeps them here.

import { DuffelApiError, type DuffelErrorSource, type DuffelErrorType } from '../wire/duffel-errors.js';

export interface Fault {
  status: number;
  type: DuffelErrorType;
  code: string;
  title: string;
  message: string;
  /** The field the error names (`{ field, pointer }`), as Duffel's validation errors do; null: none. */
  source: DuffelErrorSource | null;
  pathPrefix: string | null;
  remaining: number;
}

export interface FaultQueue {
  add(fault: Fault): Promise<void>;
  clear(): Promise<void>;
  /** The faults still waiting, oldest first. */
  list(): Promise<Fault[]>;
  /** The error the call to `path` must answer with, if a fault is waiting for it (counted once). */
  take(path: string): Promise<DuffelApiError | null>;
}

export const faultError = (fault: Omit<Fault, 'pathPrefix' | 'remaining'>) =>
  new DuffelApiError(fault.status, fault.type, fault.code, {
    title: fault.title,
    message: fault.message,
    ...(fault.source && { source: fault.source }),
  });

export function memoryFaultQueue(): FaultQueue {
  let faults: Fault[] = [];
  return {
    async add(fault) {
      faults.push({ ...fault });
    },
    async clear() {
      faults = [];
    },
    list: async () => faults.map((f) => ({ ...f })),
    async take(path) {
      const fault = faults.find((f) => f.pathPrefix === null || path.startsWith(f.pathPrefix));
      if (!fault) return null;
      fault.remaining--;
      if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault);
      return faultError(fault);
    },
  };
}
