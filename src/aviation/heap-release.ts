import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | null | undefined;

/**
 * One full garbage collection, where a large amount of garbage was just made and nobody waits:
 *  - right after a new version of the aviation data replaced the old. Building it reads every row
 *    of the snapshot and leaves its garbage on the heap; without a full collection V8 kept those
 *    pages committed while the gateway idled, and a collection gives them back to the system;
 *  - after each source of an import. V8 ran no full collection between the OurAirports sources,
 *    so airports, runways, frequencies and navaids piled up on the heap and the import's RSS
 *    peaked at navaids; each source now starts from a clean heap;
 *  - between the steps of building the airports (AirportIndex.load), for the same reason.
 * It runs while the data is built or imported, never on a request, so its pause
 * (tens of ms) is paid where a load or an import of the whole data set is paid anyway. `gc` is
 * not exposed without `--expose-gc`; V8 allows the flag to be set at run time, and a new context
 * then carries the function.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc: unknown = vm.runInNewContext('typeof gc === "function" ? gc : null');
      collect = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
