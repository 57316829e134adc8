import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorNotice, Loading } from '../components/error-notice';

/** Who is signed in for which agency, and the health of its webhook endpoints. */
export function Overview() {
  const me = useQuery({ queryKey: ['me'], queryFn: () => unwrap(api.GET('/v1/dev/me')) });
  const hooks = useQuery({
    queryKey: ['webhooks'],
    queryFn: () => unwrap(api.GET('/v1/dev/webhooks')),
    enabled: Boolean(me.data?.agency),
  });
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      {me.isPending && <Loading what="your account" />}
      <ErrorNotice error={me.error ?? hooks.error} />
      {me.data && (
        <dl className="facts">
          <dt>Signed in as</dt>
          <dd>{me.data.email}</dd>
          <dt>Agency</dt>
          <dd>{me.data.agency ? `${me.data.agency.name} (${me.data.agency.live ? 'live' : 'test only'})` : 'none (operator)'}</dd>
          {me.data.agency && (
            <>
              <dt>Agency id (quote it to support)</dt>
              <dd>
                <code data-testid="agency-id">{me.data.agency.id}</code>
              </dd>
            </>
          )}
          <dt>Role</dt>
          <dd>{me.data.role ?? '—'}</dd>
          <dt>Second factor</dt>
          <dd>{me.data.mfa.totpEnabled ? 'on' : 'off — turn it on under Security'}</dd>
          {hooks.data && (
            <>
              <dt>Webhook endpoints</dt>
              <dd>
                {hooks.data.webhooks.length} registered, {hooks.data.webhooks.filter((w) => w.disabledAt).length} switched off
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
