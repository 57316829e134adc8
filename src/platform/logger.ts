import type { LoggerOptions } from 'pino';

/**
 * Secrets never reach a log line: the key and session headers, and any field named like a secret
 * wherever it sits in a logged object.
 */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["ocp-apim-subscription-key"]',
  'headers["x-api-key"]',
  'headers.authorization',
  '*.password',
  '*.secret',
  '*.token',
  '*.apiKey',
  '*.api_key',
  '*.keyring',
  '*.totp',
  'password',
  'secret',
  'token',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
