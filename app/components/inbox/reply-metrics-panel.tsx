import type { ReplyMetrics } from "~/lib/inquiries/counts.server";
import { replyPromise } from "~/content/inquiry-desk";

function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${minutes % 60} min`;
}

/** How the reply promise was kept over the last `metricsDays` days. */
export function ReplyMetricsPanel({ metrics }: { metrics: ReplyMetrics | null }) {
  if (!metrics) return null;
  const share = metrics.shareWithinPromise;
  return (
    <section aria-label="Reply times" className="inbox-metrics">
      <p>
        {/* Template strings: text joined in JSX costs a marker comment per part in the HTML. */}
        {`Median first reply (${metrics.windowDays} days): `}
        <strong data-testid="median-first-reply">
          {metrics.medianFirstReplyMs === null
            ? "no replies yet"
            : formatDuration(metrics.medianFirstReplyMs)}
        </strong>
      </p>
      <p>
        {`Answered within ${replyPromise.withinHours} hours: `}
        <strong data-testid="share-within-promise">
          {share === null ? "nothing due yet" : `${Math.round(share * 100)}%`}
        </strong>{" "}
        <span className="text-ink-subtle">{`(${metrics.answeredWithinPromise} of ${metrics.due})`}</span>
      </p>
    </section>
  );
}
