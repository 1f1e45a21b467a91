import type { ReactNode } from "react";
import type { ReportTable } from "~/lib/reports/report-tables";

/**
 * A chart with its title and, beneath it, the same figures as a table
 * (collapsed) and as a CSV download: the chart is for the glance, the
 * table for screen readers and for the exact numbers.
 */
export function ChartFigure({
  id,
  title,
  description,
  table,
  csvHref,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  table: ReportTable;
  csvHref: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-line bg-surface p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      <figure className="mt-3">{children}</figure>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-accent-strong">
          Show the data as a table
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm" data-chart={id}>
            <caption className="sr-only">{table.title}</caption>
            <thead>
              <tr>
                {table.headers.map((header) => (
                  <th
                    key={header}
                    scope="col"
                    className="border-b border-line-strong px-2 py-1 font-semibold text-ink"
                  >
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                // Rows are positional: the first cell is not unique (e.g. "Channel" repeats).
                <tr key={index}>
                  {row.map((cell, column) => (
                    <td key={column} className="border-b border-line px-2 py-1 text-ink-soft tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <p className="mt-2 text-sm">
        <a href={csvHref} download className="font-medium text-accent-strong underline">
          {`Download as CSV`}
          <span className="sr-only">{`: ${table.title}`}</span>
        </a>
      </p>
    </section>
  );
}
