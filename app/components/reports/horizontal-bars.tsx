import { max } from "d3-array";
import { scaleLinear } from "d3-scale";
import { CHART, FONT, SeriesPatterns, seriesFill } from "~/components/reports/chart-parts";

interface BarItem {
  label: string;
  value: number;
  /** Shown after the value, e.g. a share ("71%"). */
  note?: string;
}

const ROW = 40;

/**
 * Horizontal bars, each named and valued on the chart itself (direct
 * labels): for categories whose names are too long for an axis.
 */
export function HorizontalBars({
  id,
  label,
  items,
  valueTitle,
}: {
  id: string;
  label: string;
  items: readonly BarItem[];
  valueTitle: string;
}) {
  const height = Math.max(1, items.length) * ROW + 28;
  const x = scaleLinear()
    .domain([0, Math.max(1, max(items, (item) => item.value) ?? 0)])
    .range([0, CHART.width - 80]);
  return (
    <svg id={id} viewBox={`0 0 ${CHART.width} ${height}`} role="img" aria-label={label} className="w-full">
      <SeriesPatterns chartId={id} count={1} />
      {items.length === 0 ? (
        <text x="0" y="24" fontSize={FONT.title} className="fill-ink-muted">
          Nothing in this range.
        </text>
      ) : null}
      {items.map((item, index) => {
        const top = index * ROW;
        const width = x(item.value);
        return (
          <g key={item.label}>
            <text x="0" y={top + 14} fontSize={FONT.tick} className="fill-ink">
              {item.label.length > 60 ? `${item.label.slice(0, 59)}…` : item.label}
            </text>
            <rect x="0" y={top + 20} width={Math.max(width, 1)} height="14" fill={seriesFill(id, 0)} />
            <text x={width + 6} y={top + 32} fontSize={FONT.tick} className="fill-ink">
              {item.note ? `${item.value} (${item.note})` : String(item.value)}
            </text>
          </g>
        );
      })}
      <text x="0" y={height - 6} fontSize={FONT.tick} className="fill-ink-muted">
        {valueTitle}
      </text>
    </svg>
  );
}
