import { href, Outlet } from "react-router";
import { AreaError } from "~/components/area-error";
import { requireAdminMiddleware } from "~/lib/http/guards.server";
import { currentRequestId } from "~/lib/ops/request-id.server";
import type { Route } from "./+types/dashboard.layout";

/**
 * The workspace: every route under /dashboard is a child of this layout
 * (app/routes.ts), so its middleware guards every page, action, download
 * and the event stream, and sets their cache headers.
 */
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

/** The request's id, for the error boundary. */
export function loader() {
  return { requestId: currentRequestId() ?? null };
}

/**
 * Asked again on every navigation, in the same request as the page's own
 * data, so the id the boundary shows is the one of the request that failed.
 */
export const shouldRevalidate = () => true;

export default function DashboardLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <AreaError
      error={error}
      requestId={loaderData?.requestId}
      back={{ to: href("/dashboard"), label: "Back to the inbox" }}
    />
  );
}
