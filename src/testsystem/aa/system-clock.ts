// The test system's notion of "now". Real time by default; tests and the control endpoint can pin it
// or move it forward to expire offers and shift advance-purchase pricing without waiting.

export interface SystemClock {
  now(): number;
  set(epochMs: number | null): void;
  advance(ms: number): void;
  isFixed(): boolean;
}

export function createSystemClock(): SystemClock {
  let fixed: number | null = null;
  let skew = 0;
  return {
    now: () => (fixed ?? Date.now()) + skew,
    set(epochMs) {
      fixed = epochMs;
      skew = 0;
    },
    advance(ms) {
      skew += ms;
    },
    isFixed: () => fixed !== null,
  };
}
