import type { LanguageCount } from "~/forms/browser-language";

const names = new Intl.DisplayNames(["en-GB"], { type: "language" });

function languageName(code: string | null): string {
  if (code === null) return "Not told";
  try {
    return `${names.of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

/** Leads by the visitor's browser language: the figure that says whether a translated site is worth building. */
export function LeadsByLanguage({ counts }: { counts: readonly LanguageCount[] }) {
  return (
    <section aria-labelledby="languages-heading" className="mt-10">
      <h2 id="languages-heading" className="text-xl font-bold text-ink">
        Leads by browser language
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        All genuine leads from the site&apos;s forms, by the first language of the visitor&apos;s browser.
      </p>
      {counts.length === 0 ? (
        <p className="mt-3 text-sm">No leads yet.</p>
      ) : (
        <table className="mt-3 w-full max-w-md text-left text-sm">
          <caption className="sr-only">Leads by browser language</caption>
          <thead>
            <tr>
              <th scope="col">Language</th>
              <th scope="col" className="text-right">
                Leads
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line-soft">
            {counts.map((row) => (
              <tr key={row.language ?? "none"}>
                <td className="py-1">{languageName(row.language)}</td>
                <td className="py-1 text-right font-semibold">{row.leads.toLocaleString("en-GB")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
