/**
 * The API has two error shapes: the commerce and public paths answer `{error, code, request_id}`,
 * the aviation and reference paths answer the envelope `{data, meta, errors[{code, message}]}`.
 * Which one a request gets depends only on its path.
 */
export type Surface = 'plain' | 'envelope';

export function surfaceOf(url: string): Surface {
  return url.startsWith('/v1/aviation') || url.startsWith('/v1/reference') ? 'envelope' : 'plain';
}

export function errorBody(
  surface: Surface,
  error: { code: string; message: string; fields?: Record<string, unknown> },
  requestId: string,
): Record<string, unknown> {
  if (surface === 'envelope') {
    return { data: null, meta: { request_id: requestId }, errors: [{ code: error.code, message: error.message }] };
  }
  return { error: error.message, code: error.code, ...error.fields, request_id: requestId };
}
