import { stackBars, SURFACE_COLOURS, SURFACES, type DayBucket } from '../lib/usage-chart';

const WIDTH = 640;
const HEIGHT = 180;
const LEFT = 40;
const BOTTOM = 20;

/**
 * Requests by day and surface as plain SVG (no chart library). The picture is one image with a
 * summary for a screen reader; the exact numbers are in the table under it.
 */
export function UsageChart({ buckets }: { buckets: DayBucket[] }) {
  const { bars, max, barWidth } = stackBars(buckets, WIDTH - LEFT, HEIGHT - BOTTOM);
  const total = bars.reduce((sum, bar) => sum + bar.total, 0);
  const used = SURFACES.filter((s) => bars.some((bar) => bar.segments.some((seg) => seg.surface === s)));
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Requests by day: ${total} in ${bars.length} days, at most ${Math.max(0, ...bars.map((b) => b.total))} a day`}
      >
        <line x1={LEFT} y1={HEIGHT - BOTTOM} x2={WIDTH} y2={HEIGHT - BOTTOM} stroke="#7b8794" />
        <text x={LEFT - 6} y={10} textAnchor="end" fontSize="11" fill="#1b1f24">
          {max}
        </text>
        <text x={LEFT - 6} y={HEIGHT - BOTTOM} textAnchor="end" fontSize="11" fill="#1b1f24">
          0
        </text>
        {bars.map((bar) => (
          <g key={bar.day}>
            {bar.segments.map((seg) => (
              <rect
                key={seg.surface}
                x={LEFT + bar.x}
                y={seg.y}
                width={barWidth}
                height={seg.height}
                fill={SURFACE_COLOURS[seg.surface]}
              />
            ))}
          </g>
        ))}
        {bars.length > 0 && (
          <>
            <text x={LEFT} y={HEIGHT - 4} fontSize="11" fill="#1b1f24">
              {bars[0]!.day}
            </text>
            {bars.length > 1 && (
              <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" fontSize="11" fill="#1b1f24">
                {bars.at(-1)!.day}
              </text>
            )}
          </>
        )}
      </svg>
      <figcaption>
        <ul className="legend" aria-label="Surfaces">
          {(used.length ? used : SURFACES).map((s) => (
            <li key={s}>
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" fill={SURFACE_COLOURS[s]} />
              </svg>{' '}
              {s}
            </li>
          ))}
        </ul>
      </figcaption>
      <details>
        <summary>Requests by day, as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {SURFACES.map((s) => (
                <th scope="col" key={s}>
                  {s}
                </th>
              ))}
              <th scope="col">All</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar, i) => (
              <tr key={bar.day}>
                <th scope="row">{bar.day}</th>
                {SURFACES.map((s) => (
                  <td key={s}>{buckets[i]!.requests[s] ?? 0}</td>
                ))}
                <td>{bar.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
