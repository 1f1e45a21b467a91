import { CSV_BOM, csvRow } from "~/lib/inquiries/csv.server";
import type { ReportTable } from "~/lib/reports/report-tables";

/** A chart's table as a CSV file: the same rows the page shows beneath the chart. */
export function reportCsv(table: ReportTable): string {
  return CSV_BOM + csvRow(table.headers) + table.rows.map((row) => csvRow(row)).join("");
}
