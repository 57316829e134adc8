import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { stdoutLogStream } from './log-stream.js';
import { currentTraceIds } from './tracing/tracer.js';

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

export interface LoggerExtras {
  /** Tracing is on: each line written inside a span carries its `trace_id` and `span_id`. */
  traceIds?: boolean;
}

export function loggerOptions(level: string, extras: LoggerExtras = {}): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(extras.traceIds && { mixin: currentTraceIds }),
  };
}

/** The gateway's logger: JSON lines at `level`, secrets censored, to stdout (log-stream.ts) unless another stream is given. */
export function createLogger(level: string, stream: DestinationStream = stdoutLogStream(), extras: LoggerExtras = {}): Logger {
  return pino(loggerOptions(level, extras), stream);
}
