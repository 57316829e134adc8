// The test system's notion of "now". Real time by default; tests and the control endpoint can pin it
// or move it forward to expire offers and shift advance-purchase pricing without waiting. The
// setting is kept by the store (storage/airline-state.ts), so a moved clock survives a restart.

export interface SystemClock {
  now(): number;
  set(epochMs: number | null): void;
  advance(ms: number): void;
  isFixed(): boolean;
  /** The pinned instant (or null for real time) and the offset added to it. */
  setting(): ClockSetting;
  restore(setting: ClockSetting): void;
}

export interface ClockSetting {
  fixedMs: number | null;
  skewMs: number;
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
    setting: () => ({ fixedMs: fixed, skewMs: skew }),
    restore(setting) {
      fixed = setting.fixedMs;
      skew = setting.skewMs;
    },
  };
}
