import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/** The request id's key on every request's lines (Fastify's `requestIdLogLabel`, left at its default). */
const REQUEST_ID_KEY = 'reqId';

/**
 * What an access line's `req` holds: the fields of Fastify's `req` serializer (or of a route's own
 * `logSerializers`, which blanks a token out of the URL), each a plain value. No field is a secret's
 * name, so the redaction pass (logger.ts) can change nothing on the line (a test checks it against
 * REDACTED_PATHS).
 */
export const ACCESS_REQ_FIELDS = ['method', 'url', 'version', 'host', 'remoteAddress', 'remotePort'] as const;

/**
 * One line per request, written when it ends: method, URL, host and peer (`req`), status (`res`),
 * `responseTime` in ms and the request id, where Fastify writes two (`incoming request` as it
 * starts, `request completed` as it ends). Logging is a large share of a cheap read's CPU, and one
 * line instead of two makes it cheaper and halves the log volume with no fact lost (figures:
 * docs/operations/http.md, "Logs", and bench/results/).
 *
 * The line has a fixed shape of plain values, so it is written by a child of the logger without
 * the redaction pass, which would find nothing on it and cost a read more than the rest of the line
 * (docs/operations/http.md, "Logs"); the level is still the request's logger's. `incoming request`
 * is still written at `debug`: with LOG_LEVEL=debug a request that never ends can be traced.
 * Errors and every other line Fastify writes are left as they are, redaction included.
 */
export class AccessLog extends LogController {
  private readonly lines: Logger;

  constructor(logger: Logger) {
    super();
    // `trace`: whether a line is written is the request's logger's call (requestCompleted).
    this.lines = logger.child({}, { redact: [], level: 'trace' });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    // Fastify gives every request a child of the pino logger the app was given.
    const log = reply.log as unknown as Logger;
    if (!log.isLevelEnabled('info')) return;
    this.lines.info(
      {
        [REQUEST_ID_KEY]: request.id,
        req: accessFields(log, request),
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

/** The request as its logger's `req` serializer (the route's, if it has one) describes it, cut to ACCESS_REQ_FIELDS. */
function accessFields(log: Logger, request: FastifyRequest): Record<string, string | number> {
  const serializers = (log as unknown as Record<symbol, Record<string, (value: unknown) => unknown> | undefined>)[
    pino.symbols.serializersSym
  ];
  const serializer = serializers?.req;
  const described = (serializer ? serializer(request) : request) as Record<string, unknown>;
  const fields: Record<string, string | number> = {};
  for (const name of ACCESS_REQ_FIELDS) {
    const value = described[name];
    if (typeof value === 'string' || typeof value === 'number') fields[name] = value;
  }
  return fields;
}
