import type { ErrorCode } from './schema';

/**
 * The code of a failed call: one of the catalogue's codes the dashboard's operations may answer
 * (generated into schema.ts, so a misspelled literal does not compile), `network_error` when the
 * gateway was not reached, or `http_<status>` for an answer without a code.
 */
export type ApiErrorCode = ErrorCode | 'network_error' | `http_${number}`;

/** An error answer of the API, kept whole so the screen can show its sentence and request id. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly requestId: string | null,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer, or the API's error as an ApiError (a network failure too). */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch {
    throw new ApiError(0, 'network_error', 'The gateway could not be reached. Check the connection and try again.', null);
  }
  const { data, error, response } = answer;
  if (response.ok) return data as T;
  const body = (error && typeof error === 'object' ? error : {}) as Record<string, unknown>;
  const message = typeof body.error === 'string' ? body.error : `The gateway answered ${response.status}.`;
  // The description lists every code an operation may answer: the gateway's `code` is one of them.
  const code: ApiErrorCode = typeof body.code === 'string' ? (body.code as ErrorCode) : `http_${response.status}`;
  const requestId = typeof body.request_id === 'string' ? body.request_id : response.headers.get('x-request-id');
  throw new ApiError(response.status, code, message, requestId, body);
}
