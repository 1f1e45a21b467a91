import { Link, NavLink, useLocation } from "react-router";
import { iconClass } from "~/components/css-icons";
import { company } from "~/content/company";
import { mainNavLinks, navActions } from "~/content/navigation";

interface HeaderViewer {
  signedIn: boolean;
  isAdmin: boolean;
  /** Unread inquiries, shown to admins beside the Dashboard link. */
  unreadCount?: number;
}

function NavLinks() {
  return (
    <ul>
      {mainNavLinks.map((link) => (
        <li key={link.href}>
          <NavLink to={link.href} end={link.href === "/"} className="nav-link">
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function WhatsAppButton() {
  return (
    <a
      href={navActions.whatsapp.href}
      target="_blank"
      rel="noopener noreferrer"
      title={navActions.whatsapp.label}
      className={`header-button header-button-secondary ${iconClass("message")} whatsapp`}
    >
      {/* Between the xl and 2xl breakpoints the full bar is tight: icon only, same name. */}
      <span className="xl:max-2xl:sr-only">{navActions.whatsapp.label}</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function NavActions({ viewer }: { viewer: HeaderViewer }) {
  if (viewer.signedIn) {
    return (
      <div>
        {viewer.isAdmin ? (
          <Link to={navActions.dashboard.href} className={`header-button ${iconClass("dashboard")}`}>
            {navActions.dashboard.label}
            {viewer.unreadCount ? (
              <span className="header-badge">
                {viewer.unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </Link>
        ) : null}
        {/* Signed in, the full bar is wider still: these go to icons too between xl and 2xl. */}
        <Link
          to={navActions.account.href}
          title={navActions.account.label}
          className={`header-button ${iconClass("user")}`}
        >
          <span className="xl:max-2xl:sr-only">{navActions.account.label}</span>
        </Link>
        <form method="post" action={navActions.signOut.action}>
          <button
            type="submit"
            title={navActions.signOut.label}
            className={`header-button w-full ${iconClass("log-out")}`}
          >
            <span className="xl:max-2xl:sr-only">{navActions.signOut.label}</span>
          </button>
        </form>
        <WhatsAppButton />
      </div>
    );
  }
  return (
    <div>
      <Link to={navActions.signIn.href} className="header-button">
        {navActions.signIn.label}
      </Link>
      <Link to={navActions.requestIntroduction.href} className="header-button header-button-primary">
        {navActions.requestIntroduction.label}
      </Link>
      <WhatsAppButton />
    </div>
  );
}

/**
 * Fixed navigation bar. It turns opaque on scroll through a CSS scroll-driven animation
 * (`.site-header` in app.css) and on small screens collapses into a <details> panel, so neither
 * needs JavaScript. The menu is in the page once, for every width.
 */
export function SiteHeader({ viewer }: { viewer: HeaderViewer }) {
  const { pathname } = useLocation();
  return (
    // Its bar, lists and button groups are styled in app.css (.site-header, .site-menu).
    <header className="site-header">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <div>
        <Link to="/" className="site-logo">
          <span aria-hidden="true">VM</span>
          <span>{company.brandName}</span>
        </Link>
        {/* Keyed by path so a client-side navigation closes the menu. */}
        <details key={pathname} className="mobile-menu">
          <summary className={`header-button ${iconClass("menu")}`}>
            <span className="sr-only">{navActions.menuToggleLabel}</span>
          </summary>
        </details>
        {/* One menu for every width: a row from xl, below it the panel the toggle opens (app.css). */}
        <div className="site-menu">
          <nav aria-label="Main">
            <NavLinks />
          </nav>
          <NavActions viewer={viewer} />
        </div>
      </div>
    </header>
  );
}
