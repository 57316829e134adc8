import type { Config } from '../platform/config.js';

/**
 * The address to show an operator for this gateway: PUBLIC_URL when set, else the port on
 * localhost (a gateway bound to every interface, 0.0.0.0 or ::, answers there too).
 */
export function localBaseUrl(config: Readonly<Config>, port: number = config.port): string {
  if (config.publicUrlSet) return config.publicUrl.replace(/\/$/, '');
  const host = ['0.0.0.0', '::', ''].includes(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}
