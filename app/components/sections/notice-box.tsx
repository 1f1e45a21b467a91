import { Info, TriangleAlert } from "lucide-react";
import type { Notice } from "~/content/types";
import { ExternalLinks } from "./external-links";

export function NoticeBox({ notice }: { notice: Notice }) {
  const warning = notice.tone === "warning";
  const Icon = warning ? TriangleAlert : Info;
  return (
    <aside
      aria-label={notice.title}
      className={`mx-auto flex max-w-4xl gap-4 rounded-xl border p-6 ${
        warning ? "border-amber-400 bg-amber-50" : "border-sky-300 bg-sky-50"
      }`}
    >
      <Icon aria-hidden="true" className={`size-6 shrink-0 ${warning ? "text-amber-800" : "text-sky-800"}`} />
      <div>
        <h3 className="font-semibold text-stone-900">{notice.title}</h3>
        <p className="mt-2 text-stone-800">{notice.body}</p>
        {notice.points?.length ? (
          <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-800">
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
