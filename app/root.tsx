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
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "~/components/nonce-provider";
import { Toaster } from "~/components/toast";
import { getToast } from "~/lib/toast.server";
import { getViewer } from "~/lib/viewer.server";

export async function loader({ request }: Route.LoaderArgs) {
  const [{ toast, headers }, viewer] = await Promise.all([getToast(request), getViewer(request)]);
  return data({ toast, viewer }, headers ? { headers } : undefined);
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** A route opts into client-side JavaScript with `handle = { hydrate: true }`. */
export interface RouteHandle {
  hydrate?: boolean;
}

function useHydrationWanted(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const hydrate = useHydrationWanted();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-stone-900 antialiased">
        {children}
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
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`Error ${status}`}</title>
      <h1 className="text-4xl font-bold">{status === 404 ? "404" : "Something went wrong"}</h1>
      <p className="mt-4 text-stone-700">
        {status === 404
          ? "Oops! Page not found"
          : "An unexpected error occurred. Please try again in a moment."}
      </p>
      <a href="/" className="mt-8 inline-block font-semibold text-amber-800 underline">
        Return to Home
      </a>
    </main>
  );
}
