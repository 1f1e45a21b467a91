import { max } from "d3-array";
import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { CHART, FONT, ValueAxis, WeekAxis } from "~/components/reports/chart-parts";

interface LineSeries {
  label: string;
  values: readonly (number | null)[];
}

/**
 * The looks of up to two lines: solid with round markers, dashed with
 * square markers; the reference line is dotted and named on the chart.
 */
const LINE_STYLES = [
  { stroke: "stroke-accent", fill: "fill-accent", dash: undefined, marker: "circle" },
  { stroke: "stroke-ink", fill: "fill-ink", dash: "6 4", marker: "square" },
] as const;
const REFERENCE_STYLE = { stroke: "stroke-danger", dash: "2 3", marker: undefined } as const;

function Marker({ style, x, y }: { style: (typeof LINE_STYLES)[number]; x: number; y: number }) {
  return style.marker === "circle" ? (
    <circle cx={x} cy={y} r="3.5" className={style.fill} />
  ) : (
    <rect x={x - 3.5} y={y - 3.5} width="7" height="7" className={style.fill} />
  );
}

/** Lines per week (gaps where a week has no figure) against a labelled reference line. */
export function WeekLines({
  id,
  label,
  keys,
  series,
  reference,
  xTitle,
  yTitle,
}: {
  id: string;
  label: string;
  keys: readonly string[];
  series: readonly LineSeries[];
  reference: { value: number; label: string };
  xTitle: string;
  yTitle: string;
}) {
  const x = scaleBand<string>()
    .domain(keys)
    .range([CHART.left, CHART.width - CHART.right])
    .padding(0.2);
  const top = max(series.flatMap((s) => s.values.filter((value): value is number => value !== null))) ?? 0;
  const y = scaleLinear()
    .domain([0, Math.max(top, reference.value * 1.25)])
    .nice(5)
    .range([CHART.height - CHART.bottom, CHART.top]);
  const centre = (index: number) => (x(keys[index]!) ?? 0) + x.bandwidth() / 2;
  const path = line<number | null>()
    .defined((value) => value !== null)
    .x((_, index) => centre(index))
    .y((value) => y(value ?? 0));
  return (
    <>
      <svg
        id={id}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={label}
        className="w-full"
      >
        <ValueAxis y={y} title={yTitle} />
        <line
          x1={CHART.left}
          x2={CHART.width - CHART.right}
          y1={y(reference.value)}
          y2={y(reference.value)}
          className={REFERENCE_STYLE.stroke}
          strokeWidth="2"
          strokeDasharray={REFERENCE_STYLE.dash}
        />
        <text
          x={CHART.width - CHART.right}
          y={y(reference.value) - 5}
          textAnchor="end"
          fontSize={FONT.tick}
          className="fill-danger"
        >
          {reference.label}
        </text>
        {series.map((s, index) => {
          const style = LINE_STYLES[index % LINE_STYLES.length]!;
          return (
            <g key={s.label} data-series={s.label}>
              <path
                d={path([...s.values]) ?? ""}
                fill="none"
                className={style.stroke}
                strokeWidth="2"
                strokeDasharray={style.dash}
              />
              {s.values.map((value, column) =>
                value === null ? null : (
                  <Marker key={keys[column]} style={style} x={centre(column)} y={y(value)} />
                ),
              )}
            </g>
          );
        })}
        <WeekAxis x={x} keys={keys} title={xTitle} />
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted" aria-label="Legend">
        {[
          ...series.map((s, index) => ({ label: s.label, style: LINE_STYLES[index % LINE_STYLES.length]! })),
          { label: reference.label, style: REFERENCE_STYLE },
        ].map(({ label, style }) => (
          <li key={label} className="flex items-center gap-1.5">
            <svg width="28" height="12" aria-hidden="true">
              <line
                x1="0"
                x2="28"
                y1="6"
                y2="6"
                className={style.stroke}
                strokeWidth="2"
                strokeDasharray={style.dash}
              />
              {style.marker ? <Marker style={style} x={14} y={6} /> : null}
            </svg>
            {label}
          </li>
        ))}
      </ul>
    </>
  );
}
