import type { Analytics } from '../../api/analytics.ts';
import { t } from '../../i18n/index.ts';
import { formatCount, formatDay } from './format.ts';

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 48;
const BOTTOM = 28;
const TOP = 12;

/**
 * Searches per day as bars (their part with nothing in range in red), drawn in plain SVG. The image is named by a
 * summary; the table beside it (`DailyTable`) holds every number, for screen readers and the keyboard.
 */
export function DailyChart({ daily, id }: { daily: Analytics['daily']; id: string }) {
  const first = daily[0];
  const last = daily.at(-1);
  if (!first || !last) return null;
  const most = Math.max(...daily.map((day) => day.searches));
  const peak = daily.find((day) => day.searches === most) ?? first;
  const total = daily.reduce((sum, day) => sum + day.searches, 0);
  const scale = (HEIGHT - BOTTOM - TOP) / Math.max(1, most);
  const step = (WIDTH - LEFT) / daily.length;
  const barWidth = Math.max(1, step * 0.8);
  const base = HEIGHT - BOTTOM;
  const label = t('insightsDailyChart', {
    from: formatDay(first.date),
    to: formatDay(last.date),
    total,
    peak: formatDay(peak.date),
    most,
  });
  return (
    <figure class="chart">
      <svg id={id} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <line class="axis" x1={LEFT} y1={base} x2={WIDTH} y2={base} />
        <line class="axis" x1={LEFT} y1={TOP} x2={LEFT} y2={base} />
        <text class="tick" x={LEFT - 6} y={TOP + 4} text-anchor="end">
          {formatCount(most)}
        </text>
        <text class="tick" x={LEFT - 6} y={base} text-anchor="end">
          0
        </text>
        {daily.map((day, index) => {
          const x = LEFT + index * step + (step - barWidth) / 2;
          const height = day.searches * scale;
          const zero = day.zero_result * scale;
          return (
            <g key={day.date}>
              {height > 0 ? <rect class="bar" x={x} y={base - height} width={barWidth} height={height} /> : null}
              {zero > 0 ? <rect class="bar zero" x={x} y={base - zero} width={barWidth} height={zero} /> : null}
            </g>
          );
        })}
        <text class="tick" x={LEFT} y={HEIGHT - 8}>
          {formatDay(first.date)}
        </text>
        <text class="tick" x={WIDTH} y={HEIGHT - 8} text-anchor="end">
          {formatDay(last.date)}
        </text>
      </svg>
      <figcaption class="hint">{t('insightsDailyLegend')}</figcaption>
    </figure>
  );
}
