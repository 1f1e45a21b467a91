import { max } from "d3-array";
import { scaleBand, scaleLinear } from "d3-scale";
import { stack } from "d3-shape";
import {
  CHART,
  ChartLegend,
  FONT,
  SeriesPatterns,
  seriesFill,
  ValueAxis,
  WeekAxis,
} from "~/components/reports/chart-parts";

interface ColumnSeries {
  label: string;
  values: readonly number[];
}

interface AxisTitles {
  xTitle: string;
  yTitle: string;
}

function weekScale(keys: readonly string[]) {
  return scaleBand<string>()
    .domain(keys)
    .range([CHART.left, CHART.width - CHART.right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
}

function countScale(top: number) {
  return scaleLinear()
    .domain([0, Math.max(top, 4)])
    .nice(5)
    .range([CHART.height - CHART.bottom, CHART.top]);
}

/** Columns per week, one stack per series, each series in its own colour and pattern. */
export function StackedColumns({
  id,
  label,
  keys,
  series,
  xTitle,
  yTitle,
}: { id: string; label: string; keys: readonly string[]; series: readonly ColumnSeries[] } & AxisTitles) {
  const rows = keys.map((key, index) => ({
    key,
    ...Object.fromEntries(series.map((s, i) => [String(i), s.values[index] ?? 0])),
  }));
  const layers = stack<Record<string, number | string>>()
    .keys(series.map((_, i) => String(i)))
    .value((row, key) => Number(row[key] ?? 0))(rows);
  const x = weekScale(keys);
  const y = countScale(max(layers.at(-1) ?? [], (point) => point[1]) ?? 0);
  return (
    <>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={label} className="w-full">
        <SeriesPatterns chartId={id} count={series.length} />
        <ValueAxis y={y} title={yTitle} />
        {layers.map((layer, index) => (
          <g key={layer.key} fill={seriesFill(id, index)}>
            {layer.map((point, column) =>
              point[1] > point[0] ? (
                <rect
                  key={keys[column]}
                  x={x(keys[column]!)}
                  width={x.bandwidth()}
                  y={y(point[1])}
                  height={y(point[0]) - y(point[1])}
                  className="stroke-surface"
                  strokeWidth="1"
                />
              ) : null,
            )}
          </g>
        ))}
        <WeekAxis x={x} keys={keys} title={xTitle} />
      </svg>
      {series.length > 1 ? <ChartLegend chartId={`${id}-key`} labels={series.map((s) => s.label)} /> : null}
    </>
  );
}

/** One column per week on a 0–100 % axis, each labelled with its value when there is room. */
export function ShareColumns({
  id,
  label,
  keys,
  values,
  xTitle,
  yTitle,
}: { id: string; label: string; keys: readonly string[]; values: readonly (number | null)[] } & AxisTitles) {
  const x = weekScale(keys);
  const y = scaleLinear()
    .domain([0, 1])
    .range([CHART.height - CHART.bottom, CHART.top]);
  const labelled = keys.length <= 13;
  return (
    <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={label} className="w-full">
      <SeriesPatterns chartId={id} count={1} />
      <ValueAxis y={y} title={yTitle} format={(value) => `${Math.round(value * 100)}%`} />
      {keys.map((key, index) => {
        const value = values[index];
        if (value === null || value === undefined) return null;
        return (
          <g key={key}>
            <rect
              x={x(key)}
              width={x.bandwidth()}
              y={y(value)}
              height={y(0) - y(value)}
              fill={seriesFill(id, 0)}
            />
            {labelled ? (
              <text
                x={(x(key) ?? 0) + x.bandwidth() / 2}
                y={y(value) - 4}
                textAnchor="middle"
                fontSize={FONT.tick}
                className="fill-ink"
              >
                {`${Math.round(value * 100)}%`}
              </text>
            ) : null}
          </g>
        );
      })}
      <WeekAxis x={x} keys={keys} title={xTitle} />
    </svg>
  );
}
