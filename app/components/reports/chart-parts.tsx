import type { ScaleBand, ScaleLinear } from "d3-scale";

/**
 * The pieces every report chart shares. Charts are SVG drawn on the server
 * (no charting script): a viewBox of fixed units scales to the column, and
 * text sizes are set in those units so they stay readable at 390 px.
 */
export const CHART = { width: 480, height: 280, top: 16, right: 16, bottom: 58, left: 52 } as const;
export const FONT = { tick: 12, title: 13 } as const;

/**
 * The series' looks: theme colours that each reach 3:1 against the white
 * surface (WCAG 1.4.11), and a pattern each, so no series depends on colour
 * alone; adjacent stacks are also parted by a white line.
 */
const SERIES_STYLES = [
  { fill: "fill-accent", pattern: "solid" },
  { fill: "fill-success", pattern: "diagonal" },
  { fill: "fill-ink", pattern: "dots" },
  { fill: "fill-danger", pattern: "cross" },
  { fill: "fill-accent-deep", pattern: "horizontal" },
  { fill: "fill-success-deep", pattern: "vertical" },
  { fill: "fill-control", pattern: "checks" },
] as const;

const PATTERN_MARKS: Record<(typeof SERIES_STYLES)[number]["pattern"], string | null> = {
  solid: null,
  diagonal: "M-1,1 l2,-2 M0,8 l8,-8 M7,9 l2,-2",
  dots: "M2,2 h1.6 M6,6 h1.6",
  cross: "M0,0 l8,8 M8,0 l-8,8",
  horizontal: "M0,4 h8",
  vertical: "M4,0 v8",
  checks: "M0,0 h4 v4 h-4 z M4,4 h4 v4 h-4 z",
};

const patternId = (chartId: string, index: number) => `${chartId}-series-${index}`;
export const seriesFill = (chartId: string, index: number) => `url(#${patternId(chartId, index)})`;

/** One <pattern> per series: the colour, with white marks over it. */
export function SeriesPatterns({ chartId, count }: { chartId: string; count: number }) {
  return (
    <defs>
      {SERIES_STYLES.slice(0, count).map((style, index) => {
        const marks = PATTERN_MARKS[style.pattern];
        return (
          <pattern
            key={style.pattern}
            id={patternId(chartId, index)}
            width="8"
            height="8"
            patternUnits="userSpaceOnUse"
          >
            <rect width="8" height="8" className={style.fill} />
            {marks ? (
              <path
                d={marks}
                className={style.pattern === "checks" ? "fill-on-fill" : "stroke-on-fill"}
                strokeWidth={style.pattern === "dots" ? 1.6 : 1.4}
                strokeLinecap="round"
              />
            ) : null}
          </pattern>
        );
      })}
    </defs>
  );
}

/** The legend beneath a chart, in HTML so it wraps at any width; each swatch shows its series' pattern. */
export function ChartLegend({ chartId, labels }: { chartId: string; labels: readonly string[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted" aria-label="Legend">
      {labels.map((label, index) => (
        <li key={label} className="flex items-center gap-1.5">
          <svg width="16" height="16" aria-hidden="true" className="shrink-0">
            <SeriesPatterns chartId={`${chartId}-legend-${index}`} count={index + 1} />
            <rect
              width="16"
              height="16"
              fill={seriesFill(`${chartId}-legend-${index}`, index)}
              className="stroke-ink"
              strokeWidth="1"
            />
          </svg>
          {label}
        </li>
      ))}
    </ul>
  );
}

/** Short week labels ("19 Oct") for the axis; the table gives the full dates. */
function weekTick(key: string): string {
  const [, month, day] = key.split("-").map(Number);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${day} ${months[(month ?? 1) - 1]}`;
}

/** At most about seven labels on the week axis, whatever the range. */
function visibleTicks(keys: readonly string[]): Set<string> {
  const step = Math.max(1, Math.ceil(keys.length / 7));
  return new Set(keys.filter((_, index) => index % step === 0));
}

export function WeekAxis({
  x,
  keys,
  title,
}: {
  x: ScaleBand<string>;
  keys: readonly string[];
  title: string;
}) {
  const y = CHART.height - CHART.bottom;
  const shown = visibleTicks(keys);
  return (
    <g className="fill-ink-muted">
      <line x1={CHART.left} x2={CHART.width - CHART.right} y1={y} y2={y} className="stroke-ink-subtle" />
      {keys
        .filter((key) => shown.has(key))
        .map((key) => (
          <text
            key={key}
            x={(x(key) ?? 0) + x.bandwidth() / 2}
            y={y + 18}
            textAnchor="middle"
            fontSize={FONT.tick}
          >
            {weekTick(key)}
          </text>
        ))}
      <text
        x={(CHART.left + CHART.width - CHART.right) / 2}
        y={CHART.height - 8}
        textAnchor="middle"
        fontSize={FONT.title}
      >
        {title}
      </text>
    </g>
  );
}

export function ValueAxis({
  y,
  title,
  format = String,
  ticks = 5,
}: {
  y: ScaleLinear<number, number>;
  title: string;
  format?: (value: number) => string;
  ticks?: number;
}) {
  const values = y.ticks(ticks).filter((value) => Number.isInteger(value) || format !== String);
  return (
    <g className="fill-ink-muted">
      {values.map((value) => (
        <g key={value}>
          <line
            x1={CHART.left}
            x2={CHART.width - CHART.right}
            y1={y(value)}
            y2={y(value)}
            className="stroke-line"
          />
          <text x={CHART.left - 6} y={y(value) + 4} textAnchor="end" fontSize={FONT.tick}>
            {format(value)}
          </text>
        </g>
      ))}
      <text
        transform={`translate(14 ${(CHART.top + CHART.height - CHART.bottom) / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize={FONT.title}
      >
        {title}
      </text>
    </g>
  );
}
