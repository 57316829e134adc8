import { useState } from 'react';
import { ColumnHeads } from '../../components/column-heads';
import { ErrorNotice, Loading } from '../../components/error-notice';
import { useAgencies, useChangePlan, usePlans } from '../../data/admin-agencies';

/**
 * Agencies and their plans (permission billing.manage): the list with a plan filter, and each
 * agency's plan changed from the catalogue the API lists. A change is the API's PATCH, so it is
 * audited (`agency.terms_changed`) and applies to the agency's next request on every instance.
 */
export function Agencies() {
  const [planCode, setPlanCode] = useState('');
  const plans = usePlans();
  const agencies = useAgencies(planCode);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const change = useChangePlan({ onSuccess: (_, { id }) => setChosen(({ [id]: _done, ...rest }) => rest) });
  const catalogue = plans.data?.plans ?? [];
  const nameOf = (code: string) => catalogue.find((p) => p.code === code)?.name ?? code;

  return (
    <>
      <h2>Agencies and plans</h2>
      <ErrorNotice error={plans.error ?? agencies.error ?? change.error} />
      <div className="row">
        <label>
          Plan filter
          <select value={planCode} onChange={(e) => setPlanCode(e.target.value)}>
            <option value="">Every plan</option>
            {catalogue.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {agencies.isPending && <Loading what="agencies" />}
      {agencies.data &&
        (agencies.data.agencies.length === 0 ? (
          <p>No agency is on this plan.</p>
        ) : (
          <table>
            <caption>Agencies, newest first</caption>
            <ColumnHeads names={['Agency', 'Id', 'Plan', 'Live', 'Billing', 'Change plan']} />
            <tbody>
              {agencies.data.agencies.map((a) => {
                const next = chosen[a.agency_id] ?? a.plan_code;
                return (
                  <tr key={a.agency_id}>
                    <td>{a.name}</td>
                    <td>
                      <code>{a.agency_id}</code>
                    </td>
                    <td data-testid={`plan-of-${a.agency_id}`}>
                      {a.plan_known ? nameOf(a.plan_code) : `${a.plan_code} (not in the catalogue)`}
                    </td>
                    <td>{a.live ? 'yes' : 'no'}</td>
                    <td>{a.billing_status}</td>
                    <td>
                      <div className="row">
                        <select
                          aria-label={`Plan of ${a.name}`}
                          value={next}
                          onChange={(e) => setChosen({ ...chosen, [a.agency_id]: e.target.value })}
                        >
                          {!a.plan_known && <option value={a.plan_code}>{a.plan_code}</option>}
                          {catalogue.map((p) => (
                            <option key={p.code} value={p.code}>
                              {p.name}
                            </option>
                          ))}
                        </select>
                        <button
                          type="button"
                          aria-label={`Save the plan of ${a.name}`}
                          disabled={next === a.plan_code || change.isPending}
                          onClick={() => change.mutate({ id: a.agency_id, code: next })}
                        >
                          Save
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
    </>
  );
}
