import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from './error-codes.js';
import { newRequestId } from './request-id.js';
import { errorBody } from './surfaces.js';

interface SocketError extends Error {
  code?: string;
}

/** What Node's HTTP parser can refuse before a request exists, in the words of this API. */
function describe(err: SocketError): { status: number; code: ErrorCode; message: string } {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      code: 'request_timeout',
      message: 'the request did not arrive in time; send headers and body promptly',
    };
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: 'request_headers_too_large', message: 'request headers too large' };
  }
  return { status: 400, code: 'malformed_request', message: 'the request is not valid HTTP' };
}

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser gave up on (a body short of its
 * Content-Length past the request time-out, unfinished headers, oversized headers, garbage) never
 * becomes a request, so no route, hook or error handler sees it. It still answers in the API's
 * error format, with a request id, and closes the connection, as Node would.
 */
export function clientErrorHandler(logger: FastifyBaseLogger, errorsDocument: string) {
  return function answerClientError(err: SocketError, socket: Socket): void {
    // A reset socket has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const error = describe(err);
    const requestId = newRequestId();
    logger.debug({ code: err.code, requestId }, `client error: ${error.code}`);
    if (socket.writable) {
      const body = JSON.stringify(errorBody('plain', error, requestId, errorsDocument));
      socket.write(
        `HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status]}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}
