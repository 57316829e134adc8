import type { Platform } from '../platform/platform.js';

// Keyed by platform so the process's shutdown (src/server.ts) and the readiness route share the
// state without a global: tests run several gateways in one process, each with its own platform.
const draining = new WeakSet<Platform>();

/**
 * From now on readiness answers 503 (`checks.shutdown: "draining"`) while the instance keeps
 * serving: a load balancer's health checks take it out of rotation before it stops accepting.
 */
export function startDraining(platform: Platform): void {
  draining.add(platform);
}

export function isDraining(platform: Platform): boolean {
  return draining.has(platform);
}
