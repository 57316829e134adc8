import { ApiError } from '../api/api-error';

/** An API error as a person needs it: the API's sentence, and the request id to quote to support. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="error">
      <p>{message}</p>
      {apiError?.requestId && (
        <p className="request-id">
          Request id: <code>{apiError.requestId}</code>
        </p>
      )}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" aria-live="polite" className="loading">
      Loading {what}…
    </p>
  );
}
