import type { ReactNode } from "react";
import { href, Link, useLocation } from "react-router";
import { iconClass } from "~/components/css-icons";
import { company } from "~/content/company";
import { navActions } from "~/content/navigation";
import { workspaceCopy, workspaceNavigation, type WorkspaceNavEntry } from "~/content/workspace-navigation";
import type { WorkspaceData, WorkspaceView } from "~/lib/workspace/workspace-data";

/** Plain links and forms: it needs no JavaScript. On a phone the navigation is a disclosure, so the page starts on the first screen. */
export function WorkspaceFrame({ data, children }: { data: WorkspaceData | undefined; children: ReactNode }) {
  const location = useLocation();
  return (
    <div className="workspace">
      <header className="workspace-bar">
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        <Link to="/" className="site-logo" aria-label={`${company.brandName} (${workspaceCopy.siteLink})`}>
          <span aria-hidden="true">VM</span>
        </Link>
        {/* Keyed by the location so every client-side navigation closes it. */}
        <details key={location.key} className="workspace-menu">
          <summary className={`header-button ${iconClass("menu")}`}>{workspaceCopy.menu}</summary>
        </details>
        <Link to={href("/dashboard")} className={`header-button ${iconClass("dashboard")}`}>
          <span className="workspace-label">{navActions.dashboard.label}</span>
          {data?.unread ? (
            <span className="header-badge" data-testid="workspace-unread">
              {data.unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </Link>
        <div>
          <Link to={navActions.account.href} className={`header-button ${iconClass("user")}`}>
            <span className="workspace-label workspace-user">{data?.userName ?? workspaceCopy.account}</span>
            <span className="sr-only"> ({workspaceCopy.account})</span>
          </Link>
          <form method="post" action={navActions.signOut.action}>
            <button type="submit" className={`header-button ${iconClass("log-out")}`}>
              <span className="workspace-label">{workspaceCopy.signOut}</span>
            </button>
          </form>
        </div>
      </header>
      <div className="workspace-body">
        <WorkspaceNav data={data} />
        <div className="workspace-page">{children}</div>
      </div>
    </div>
  );
}

/** A link is the current page when its path and its query (the view) are the page's. */
function isCurrent(to: string, location: { pathname: string; search: string }): boolean {
  const target = new URL(to, "http://workspace");
  if (target.pathname !== location.pathname) return false;
  const here = new URLSearchParams(location.search);
  here.delete("page");
  here.delete("asOf");
  here.sort();
  target.searchParams.sort();
  return here.toString() === target.searchParams.toString();
}

function WorkspaceNav({ data }: { data: WorkspaceData | undefined }) {
  const location = useLocation();
  const countOf = (entry: WorkspaceNavEntry) => (entry.count ? data?.[entry.count] : undefined);
  return (
    <nav aria-label={workspaceCopy.navLabel} className="workspace-nav">
      <ul>
        {workspaceNavigation.map((entry) => (
          <li key={entry.to}>
            <Link
              to={entry.to}
              aria-current={isCurrent(entry.to, location) ? "page" : undefined}
              className={entry.icon ? iconClass(entry.icon) : undefined}
            >
              {entry.label}
              <Count value={countOf(entry)} label="unread" />
            </Link>
          </li>
        ))}
      </ul>
      <h2>{workspaceCopy.savedViewsHeading}</h2>
      {data && data.views.length > 0 ? (
        <ul>
          {data.views.map((view) => (
            <SavedViewLink
              key={view.id}
              view={view}
              current={isCurrent(viewHref(view), location)}
              back={location.pathname === href("/dashboard") ? location.search : ""}
            />
          ))}
        </ul>
      ) : (
        <p>{workspaceCopy.noSavedViews}</p>
      )}
    </nav>
  );
}

function viewHref(view: WorkspaceView): string {
  return view.query ? `${href("/dashboard")}?${view.query}` : href("/dashboard");
}

function SavedViewLink({ view, current, back }: { view: WorkspaceView; current: boolean; back: string }) {
  return (
    <li>
      <Link to={viewHref(view)} aria-current={current ? "page" : undefined}>
        {view.name}
        {view.shared ? <span className="sr-only"> (shared)</span> : null}
        <Count value={view.count} label="inquiries" />
      </Link>
      {view.own ? (
        <form method="post" action={href("/dashboard/views")}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={view.id} />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className={iconClass("trash")}>
            <span className="sr-only">{`Delete the view ${view.name}`}</span>
          </button>
        </form>
      ) : null}
    </li>
  );
}

function Count({ value, label }: { value: number | undefined; label: string }) {
  if (value === undefined) return null;
  return (
    <span className="workspace-count">
      {value}
      <span className="sr-only">{` ${label}`}</span>
    </span>
  );
}
