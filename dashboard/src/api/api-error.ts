/** An error answer of the API, kept whole so the screen can show its sentence and request id. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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
  const code = typeof body.code === 'string' ? body.code : `http_${response.status}`;
  const requestId = typeof body.request_id === 'string' ? body.request_id : response.headers.get('x-request-id');
  throw new ApiError(response.status, code, message, requestId, body);
}
