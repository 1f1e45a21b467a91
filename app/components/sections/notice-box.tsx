import { Info, TriangleAlert } from "lucide-react";
import type { Notice } from "~/content/types";
import { ExternalLinks } from "~/components/sections/external-links";

export function NoticeBox({ notice }: { notice: Notice }) {
  const warning = notice.tone === "warning";
  const Icon = warning ? TriangleAlert : Info;
  return (
    <aside
      aria-label={notice.title}
      className={`mx-auto flex max-w-4xl gap-4 rounded-xl border p-6 ${
        warning ? "border-accent-line bg-accent-wash" : "border-sky-300 bg-sky-50"
      }`}
    >
      <Icon
        aria-hidden="true"
        className={`size-6 shrink-0 ${warning ? "text-accent-strong" : "text-sky-800"}`}
      />
      <div>
        <h3 className="font-semibold text-ink">{notice.title}</h3>
        <p className="mt-2 text-ink-soft">{notice.body}</p>
        {notice.points?.length ? (
          <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-soft">
            {notice.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        ) : null}
        {notice.links?.length ? <ExternalLinks links={notice.links} className="mt-3" /> : null}
      </div>
    </aside>
  );
}
