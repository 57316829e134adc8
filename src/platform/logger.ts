import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { stdoutLogStream } from './log-stream.js';

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

/** The gateway's logger: JSON lines at `level`, secrets censored, to stdout (log-stream.ts) unless another stream is given. */
export function createLogger(level: string, stream: DestinationStream = stdoutLogStream()): Logger {
  return pino(loggerOptions(level), stream);
}
