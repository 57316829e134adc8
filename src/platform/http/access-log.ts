import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, written when it ends: method, URL, host and peer (`req`), status (`res`),
 * `responseTime` in ms and the request id, where Fastify writes two (`incoming request` as it
 * starts, `request completed` as it ends). Logging is a large share of a cheap read's CPU, and one
 * line instead of two makes it cheaper and halves the log volume with no fact lost (figures:
 * docs/operations/http.md, "Logs", and bench/results/).
 *
 * `incoming request` is still written at `debug`: with LOG_LEVEL=debug a request that never ends
 * can be traced. Errors and every other line Fastify writes are left as they are.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
