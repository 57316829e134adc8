import { useRequestBodies, type RequestBodies } from '../data/requests';
import { ErrorNotice, Loading } from './error-notice';

type Body = RequestBodies['request_body'];

/** The stored JSON indented for reading; a body cut at 16 KB is no longer JSON, so it shows as kept. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function BodyView({ title, body }: { title: string; body: Body }) {
  const facts = [
    body.redacted ? 'secrets and card numbers redacted' : null,
    body.truncated ? `cut at 16 KB: ${body.dropped_bytes} bytes dropped` : null,
  ].filter((f): f is string => f !== null);
  return (
    <figure className="request-body">
      <figcaption>
        {title}
        {facts.length > 0 && <small> ({facts.join('; ')})</small>}
      </figcaption>
      {body.text !== null ? (
        <pre aria-label={title}>{readable(body.text)}</pre>
      ) : (
        <p aria-label={title}>{body.note ?? 'No body.'}</p>
      )}
    </figure>
  );
}

/** A logged request's request and response bodies (`GET /v1/dev/requests/{request_id}`), redacted. */
export function RequestBodiesView({ requestId }: { requestId: string }) {
  const bodies = useRequestBodies(requestId);
  if (bodies.isPending) return <Loading what="bodies" />;
  if (bodies.error) return <ErrorNotice error={bodies.error} />;
  return (
    <div className="row request-bodies">
      <BodyView title="Request body" body={bodies.data.request_body} />
      <BodyView title="Response body" body={bodies.data.response_body} />
    </div>
  );
}
