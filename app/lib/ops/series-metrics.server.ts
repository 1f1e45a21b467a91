import type { Metric, Registry } from "prom-client";

type Labels = Record<string, string>;

/** One sample as prom-client's registry renders it: `sharedLabels` after `labels`. */
interface Sample {
  labels: Record<string, string | number>;
  sharedLabels?: Labels;
  value: number;
  metricName?: string;
}

/** What prom-client's registry reads of a metric to render it. */
interface Rendered {
  name: string;
  help: string;
  type: "counter" | "histogram";
  aggregator: "sum";
  values: Sample[];
}

/** A counter's series, kept by whoever counts it: counting is one addition. */
export interface CounterSeries {
  inc(): void;
}

/** A histogram's series, kept by whoever observes it: no label hashing per observation. */
export interface HistogramSeries {
  observe(value: number): void;
}

/** A series per distinct label values, in the order they were first seen (as prom-client lists them). */
function seriesTable<S>(labelNames: readonly string[], make: (labels: Labels) => S) {
  const table = new Map<string, { labels: Labels; series: S }>();
  return {
    table,
    get(labels: Labels): S {
      const key = labelNames.map((name) => labels[name] ?? "").join("\u0000");
      let entry = table.get(key);
      if (!entry) table.set(key, (entry = { labels: { ...labels }, series: make(labels) }));
      return entry.series;
    },
  };
}

/**
 * prom-client's Counter and Histogram hash their labels into a string key,
 * validate them and allocate on every `inc` and `observe`: on a response
 * answered from memory that was a measurable share of its CPU. These keep
 * the same series and render through the same registry in the same text,
 * but a caller that answers the same route often keeps the series object
 * and updates plain numbers.
 */
export class SeriesCounter {
  readonly type = "counter";
  readonly aggregator = "sum";
  private readonly series;

  constructor(
    readonly name: string,
    readonly help: string,
    labelNames: readonly string[],
    registry: Registry,
  ) {
    this.series = seriesTable(labelNames, () => ({
      value: 0,
      inc() {
        this.value++;
      },
    }));
    registry.registerMetric(this as unknown as Metric);
  }

  /** The series for these labels, to keep and count through. */
  seriesFor(labels: Labels): CounterSeries {
    return this.series.get(labels);
  }

  inc(labels: Labels): void {
    this.series.get(labels).inc();
  }

  reset(): void {
    this.series.table.clear();
  }

  get(): Rendered {
    const values = [...this.series.table.values()].map(({ labels, series }) => ({
      labels,
      value: series.value,
    }));
    return { name: this.name, help: this.help, type: "counter", aggregator: "sum", values };
  }
}

export class SeriesHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series;

  constructor(
    readonly name: string,
    readonly help: string,
    labelNames: readonly string[],
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    this.series = seriesTable(labelNames, () => {
      const counts = new Array<number>(buckets.length).fill(0);
      return {
        counts,
        sum: 0,
        count: 0,
        observe(value: number) {
          this.sum += value;
          this.count++;
          // Counted in the first bucket that holds it; cumulated when rendered.
          for (let at = 0; at < buckets.length; at++) {
            if (value <= buckets[at]!) {
              counts[at]!++;
              return;
            }
          }
        },
      };
    });
    registry.registerMetric(this as unknown as Metric);
  }

  seriesFor(labels: Labels): HistogramSeries {
    return this.series.get(labels);
  }

  observe(labels: Labels, value: number): void {
    this.series.get(labels).observe(value);
  }

  reset(): void {
    this.series.table.clear();
  }

  /** For the registry's JSON, as prom-client's: each sample's labels in one object. */
  get(): Rendered {
    const rendered = this.getForPromString();
    for (const sample of rendered.values) {
      sample.labels = { ...sample.labels, ...sample.sharedLabels };
      delete sample.sharedLabels;
    }
    return rendered;
  }

  /** The values as prom-client's Histogram lists them for the text: buckets, +Inf, sum, count per series. */
  getForPromString(): Rendered {
    const values: Sample[] = [];
    const bucket = `${this.name}_bucket`;
    for (const { labels, series } of this.series.table.values()) {
      let cumulative = 0;
      this.buckets.forEach((le, at) => {
        cumulative += series.counts[at]!;
        values.push({ labels: { le }, sharedLabels: labels, value: cumulative, metricName: bucket });
      });
      values.push(
        { labels: { le: "+Inf" }, sharedLabels: labels, value: series.count, metricName: bucket },
        { labels: {}, sharedLabels: labels, value: series.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: labels, value: series.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: "histogram", aggregator: "sum", values };
  }
}
