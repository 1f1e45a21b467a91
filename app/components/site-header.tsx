import { LayoutDashboard, LogOut, Menu, MessageCircle, UserRound } from "lucide-react";
import { Link, NavLink, useLocation } from "react-router";
import { company } from "~/content/company";
import { mainNavLinks, navActions } from "~/content/navigation";
import { Button, buttonVariants } from "./ui/button";
import { cn } from "./ui/cn";

export interface HeaderViewer {
  signedIn: boolean;
  isAdmin: boolean;
  /** Unread inquiries, shown to admins beside the Dashboard link. */
  unreadCount?: number;
}

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `block rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap ${
    isActive ? "bg-amber-100 text-amber-900" : "text-stone-800 hover:bg-stone-100"
  }`;
}

function NavLinks() {
  return (
    <ul className="flex flex-col gap-1 xl:flex-row">
      {mainNavLinks.map((link) => (
        <li key={link.href}>
          <NavLink to={link.href} end={link.href === "/"} className={navLinkClass}>
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
      className={cn(buttonVariants({ variant: "secondary", size: "compact" }), "whitespace-nowrap")}
    >
      <MessageCircle aria-hidden="true" className="size-4 text-emerald-700" />
      {/* Between the xl and 2xl breakpoints the full bar is tight: icon only, same name. */}
      <span className="xl:max-2xl:sr-only">{navActions.whatsapp.label}</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The right-hand buttons, which depend on who is looking. */
function NavActions({ viewer }: { viewer: HeaderViewer }) {
  if (viewer.signedIn) {
    return (
      <div className="flex flex-col gap-2 xl:flex-row xl:items-center">
        {viewer.isAdmin ? (
          <Link
            to={navActions.dashboard.href}
            className={cn(buttonVariants({ variant: "ghost", size: "compact" }), "whitespace-nowrap")}
          >
            <LayoutDashboard aria-hidden="true" className="size-4" />
            {navActions.dashboard.label}
            {viewer.unreadCount ? (
              <span className="rounded-full bg-amber-700 px-2 py-0.5 text-xs font-semibold text-white">
                {viewer.unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </Link>
        ) : null}
        <Link
          to={navActions.account.href}
          className={cn(buttonVariants({ variant: "ghost", size: "compact" }), "whitespace-nowrap")}
        >
          <UserRound aria-hidden="true" className="size-4" />
          {navActions.account.label}
        </Link>
        <form method="post" action={navActions.signOut.action}>
          <Button type="submit" variant="ghost" size="compact" width="full">
            <LogOut aria-hidden="true" className="size-4" />
            {navActions.signOut.label}
          </Button>
        </form>
        <WhatsAppButton />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 xl:flex-row xl:items-center">
      <Link
        to={navActions.signIn.href}
        className={cn(buttonVariants({ variant: "ghost", size: "compact" }), "whitespace-nowrap")}
      >
        {navActions.signIn.label}
      </Link>
      <Link
        to={navActions.requestIntroduction.href}
        className={cn(buttonVariants({ size: "compact" }), "whitespace-nowrap")}
      >
        {navActions.requestIntroduction.label}
      </Link>
      <WhatsAppButton />
    </div>
  );
}

/**
 * Fixed navigation bar. It turns opaque after ~20 px of scroll through a
 * CSS scroll-driven animation (`.site-header` in app.css), and on small
 * screens collapses into a <details> menu, so neither needs JavaScript.
 */
export function SiteHeader({ viewer }: { viewer: HeaderViewer }) {
  const { pathname } = useLocation();
  return (
    <header className="site-header fixed inset-x-0 top-0 z-40 border-b border-stone-200">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-stone-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-bold text-stone-900">
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-md bg-stone-900 text-sm text-amber-300"
          >
            VM
          </span>
          <span className="text-lg whitespace-nowrap">{company.brandName}</span>
        </Link>
        <nav aria-label="Main" className="hidden xl:block">
          <NavLinks />
        </nav>
        <div className="hidden xl:block">
          <NavActions viewer={viewer} />
        </div>
        {/* Keyed by path so a client-side navigation closes the menu. */}
        <details key={pathname} className="mobile-menu xl:hidden">
          <summary className={cn(buttonVariants({ variant: "ghost", size: "compact" }), "list-none")}>
            <Menu aria-hidden="true" className="size-5" />
            <span className="sr-only">{navActions.menuToggleLabel}</span>
          </summary>
          <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-stone-200 bg-white px-4 py-4 shadow-lg">
            <nav aria-label="Mobile">
              <NavLinks />
            </nav>
            <div className="mt-4 border-t border-stone-200 pt-4">
              <NavActions viewer={viewer} />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
