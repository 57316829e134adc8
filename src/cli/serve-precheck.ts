import { ConfigError } from '../platform/config.js';
import { loadConfig } from '../sources/load-config.js';
import { PortUnavailableError } from '../platform/listen-ports.js';
import { checkBeforeOpening } from '../platform/start-checks.js';

/**
 * `flightagg serve`'s refusals, made before the gateway's modules load (on a busy machine loading
 * them alone takes seconds): the checks `serve()` makes first, printed as reportFailure prints
 * them, one line and exit code 1. Whatever else goes wrong is left to the start itself, which
 * makes the same checks again and reports in its own way.
 */
export async function serveMayStart(): Promise<boolean> {
  try {
    await checkBeforeOpening(loadConfig());
    return true;
  } catch (err) {
    if (!(err instanceof ConfigError || err instanceof PortUnavailableError)) return true;
    process.stderr.write(`error: ${err.message}\n`);
    process.exitCode = 1;
    return false;
  }
}
