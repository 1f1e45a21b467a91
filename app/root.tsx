import type { ReactNode } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "~/app.css?url";
import { useNonce } from "~/components/nonce-provider";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toast";
import { getToast } from "~/lib/http/toast.server";
import { notFoundPage } from "~/content/account-pages";
import { company, organizationStructuredData } from "~/content/company";
import { type AppContext, envContext } from "~/lib/context.server";
import { prerenderContext } from "~/lib/prerender-context.server";
import { logger } from "~/lib/ops/logger.server";
import { countUnreadOnce } from "~/lib/inquiries/counts.server";
import { readRequestSession, sessionMiddleware, viewerOf } from "~/lib/http/request-session.server";
import { addedHeadersMiddleware } from "~/lib/http/response-headers.server";
import { isPrivatePath, serializeJsonLd } from "~/seo/meta";

/** A badge is not worth failing every page for: without a count, none is shown. */
async function countUnreadForHeader(context: AppContext): Promise<number | undefined> {
  try {
    return await countUnreadOnce(context);
  } catch (error) {
    logger.warn({ err: error }, "could not count unread inquiries for the header");
    return undefined;
  }
}

/** The session is read once here, for the root loader and every guard below it. */
export const middleware: Route.MiddlewareFunction[] = [
  prerenderContext,
  addedHeadersMiddleware,
  sessionMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The toast is read here, not in middleware: only a page shows it, so only a page clears it.
  const flash = await getToast(context, request);
  const session = readRequestSession(context);
  // The count is inbox data: only for a session the dashboard itself would let in.
  const unreadCount =
    session.isAdmin && session.session?.secondFactor ? await countUnreadForHeader(context) : undefined;
  return data(
    {
      toast: flash.toast,
      viewer: viewerOf(session),
      unreadCount,
      siteUrl: context.get(envContext).SITE_URL,
    },
    flash.headers ? { headers: flash.headers } : undefined,
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // With a precedence React writes the stylesheet before the module preloads it hoists, which
  // would otherwise hold the connections the paint waits on.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
];

/**
 * A route opts into client-side JavaScript with `handle = { hydrate: true }`;
 * a layout that draws its own frame (the admin workspace) with `workspace: true`.
 */
interface RouteHandle {
  hydrate?: boolean;
  workspace?: boolean;
}

function useHandleWanted(key: keyof RouteHandle): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.[key] === true);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // In development every page hydrates, so Vite can hot-reload content pages.
  const hydrate = useHandleWanted("hydrate") || import.meta.env.DEV;
  // The workspace has its own bar and navigation, and no marketing footer.
  const workspace = useHandleWanted("workspace");
  // Absent when the root loader itself failed: show the signed-out header.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const viewer = rootData?.viewer;
  // The organisation's description is for search engines, which private pages do not serve.
  const { pathname } = useLocation();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {isPrivatePath(pathname) ? null : (
          <script
            type="application/ld+json"
            // A data block, never executed, so it needs no CSP nonce.
            dangerouslySetInnerHTML={{
              __html: serializeJsonLd({
                ...organizationStructuredData,
                // This deployment's origin, as the canonical links use.
                url: rootData?.siteUrl ?? organizationStructuredData.url,
              }),
            }}
          />
        )}
      </head>
      {/* Styled in app.css: on every page, as short as it can be. */}
      <body>
        {workspace ? (
          children
        ) : (
          <>
            <SiteHeader
              viewer={{
                signedIn: Boolean(viewer?.user),
                isAdmin: viewer?.isAdmin ?? false,
                unreadCount: rootData?.unreadCount,
              }}
            />
            <div className="flex-1 pt-16">{children}</div>
            <SiteFooter />
          </>
        )}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A client error thrown with a message (e.g. an unreadable form) says what to do.
  const explanation =
    isRouteErrorResponse(error) && status < 500 && typeof error.data === "string" ? error.data : null;
  if (status === 503) return <UnavailablePage />;
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`Error ${status}`}</title>
      <h1 className="text-4xl font-bold">{status === 404 ? notFoundPage.code : "Something went wrong"}</h1>
      <p className="mt-4 text-ink-muted">
        {status === 404
          ? notFoundPage.message
          : (explanation ?? "An unexpected error occurred. Please try again in a moment.")}
      </p>
      <a
        href={notFoundPage.homeLink.href}
        className="mt-8 inline-block font-semibold text-accent-strong underline"
      >
        {notFoundPage.homeLink.label}
      </a>
    </main>
  );
}

/** A moment without the database: the visitor can still reach a person. */
function UnavailablePage() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>Error 503</title>
      <h1 className="text-4xl font-bold">We'll be right back</h1>
      <p className="mt-4 text-ink-muted">
        The site is briefly unavailable. Please try again in a minute, or reach us now by phone on{" "}
        <a href={company.phone.href} className="font-semibold text-accent-strong underline">
          {company.phone.display}
        </a>{" "}
        or on{" "}
        <a href={company.whatsapp.greetingUrl} className="font-semibold text-accent-strong underline">
          WhatsApp
        </a>
        .
      </p>
    </main>
  );
}
