// Duffel's error objects and the body that carries them: { errors: [{ type, title, message, code,
// documentation_url, source }], meta: { request_id, status } } (duffel.com/docs/api/overview/errors).
// Handlers throw DuffelApiError; server.ts turns it into that body with the request's id.

export type DuffelErrorType =
  | 'airline_error'
  | 'api_error'
  | 'authentication_error'
  | 'invalid_request_error'
  | 'invalid_state_error'
  | 'rate_limit_error'
  | 'validation_error';

export interface DuffelErrorSource {
  field?: string;
  pointer?: string;
  parameter?: string;
}

export interface DuffelErrorObject {
  type: DuffelErrorType;
  title: string;
  message: string;
  code: string;
  documentation_url: string;
  source?: DuffelErrorSource;
}

const DOCS = 'https://duffel.com/docs/api/overview/errors';

export class DuffelApiError extends Error {
  readonly title: string;
  readonly source?: DuffelErrorSource;

  constructor(
    readonly status: number,
    readonly type: DuffelErrorType,
    readonly code: string,
    detail: { title: string; message: string; source?: DuffelErrorSource },
  ) {
    super(detail.message);
    this.title = detail.title;
    if (detail.source) this.source = detail.source;
    this.name = 'DuffelApiError';
  }

  toObject(): DuffelErrorObject {
    return {
      type: this.type,
      title: this.title,
      message: this.message,
      code: this.code,
      documentation_url: DOCS,
      ...(this.source ? { source: this.source } : {}),
    };
  }
}

export function errorBody(requestId: string, status: number, errors: DuffelErrorObject[]) {
  return { meta: { status, request_id: requestId }, errors };
}

/** A field missing from the request body (Ecto's validation_required, as Duffel names it). */
export const required = (field: string) =>
  new DuffelApiError(422, 'validation_error', 'validation_required', {
    title: 'Required field',
    message: 'Field is required',
    source: {
      field,
      pointer: `/${field.replace(/\./g, '/')}`,
    },
  });

/** A field present but wrong: its format, value or length. */
export const invalid = (field: string, message: string, code = 'validation_format') =>
  new DuffelApiError(422, 'validation_error', code, {
    title: 'Invalid value',
    message: message,
    source: {
      field,
      pointer: `/${field.replace(/\./g, '/')}`,
    },
  });

export const notFound = (what: string) =>
  new DuffelApiError(404, 'invalid_request_error', 'not_found', {
    title: 'Resource not found',
    message: `The ${what} was not found`,
  });

export const invalidState = (code: string, title: string, message: string) =>
  new DuffelApiError(422, 'invalid_state_error', code, { title: title, message: message });

export const badQuery = (parameter: string, message: string) =>
  new DuffelApiError(400, 'invalid_request_error', 'invalid_parameter', {
    title: 'Invalid parameter',
    message: message,
    source: { parameter },
  });
