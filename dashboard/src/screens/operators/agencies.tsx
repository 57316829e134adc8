import { useState } from 'react';
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
            <thead>
              <tr>
                <th scope="col">Agency</th>
                <th scope="col">Id</th>
                <th scope="col">Plan</th>
                <th scope="col">Live</th>
                <th scope="col">Billing</th>
                <th scope="col">Change plan</th>
              </tr>
            </thead>
            <tbody>
              {agencies.data.agencies.map((a) => {
                const next = chosen[a.agencyId] ?? a.planCode;
                return (
                  <tr key={a.agencyId}>
                    <td>{a.name}</td>
                    <td>
                      <code>{a.agencyId}</code>
                    </td>
                    <td data-testid={`plan-of-${a.agencyId}`}>
                      {a.planKnown ? nameOf(a.planCode) : `${a.planCode} (not in the catalogue)`}
                    </td>
                    <td>{a.live ? 'yes' : 'no'}</td>
                    <td>{a.billingStatus}</td>
                    <td>
                      <div className="row">
                        <select
                          aria-label={`Plan of ${a.name}`}
                          value={next}
                          onChange={(e) => setChosen({ ...chosen, [a.agencyId]: e.target.value })}
                        >
                          {!a.planKnown && <option value={a.planCode}>{a.planCode}</option>}
                          {catalogue.map((p) => (
                            <option key={p.code} value={p.code}>
                              {p.name}
                            </option>
                          ))}
                        </select>
                        <button
                          type="button"
                          aria-label={`Save the plan of ${a.name}`}
                          disabled={next === a.planCode || change.isPending}
                          onClick={() => change.mutate({ id: a.agencyId, code: next })}
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
