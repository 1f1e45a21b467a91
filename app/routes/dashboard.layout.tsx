import { href, Outlet } from "react-router";
import { AreaError } from "~/components/area-error";
import { WorkspaceFrame } from "~/components/workspace/workspace-frame";
import { requireAdminMiddleware } from "~/lib/http/guards.server";
import { incomingMethodMiddleware } from "~/lib/http/incoming-method.server";
import { currentRequestId } from "~/lib/ops/request-id.server";
import type { Route } from "./+types/dashboard.layout";
import { loadWorkspace } from "~/routes/dashboard.layout.server";

/**
 * The workspace: every route under /dashboard is a child of this layout
 * (app/routes.ts), so its middleware guards every page, action, download
 * and the event stream, and sets their cache headers. It draws its own
 * frame (root.tsx leaves out the marketing header and footer).
 */
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware, incomingMethodMiddleware];

export const handle = { workspace: true };

/** The request's id, for the error boundary, and the frame's counts and saved views. */
export async function loader({ context }: Route.LoaderArgs) {
  return { requestId: currentRequestId() ?? null, workspace: await loadWorkspace(context) };
}

/**
 * Asked again on every navigation, in the same request as the page's own
 * data, so the id the boundary shows is the one of the request that failed,
 * and the counts follow every change.
 */
export const shouldRevalidate = () => true;

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <WorkspaceFrame data={loaderData.workspace}>
      <Outlet />
    </WorkspaceFrame>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <WorkspaceFrame data={loaderData?.workspace}>
      <AreaError
        error={error}
        requestId={loaderData?.requestId}
        back={{ to: href("/dashboard"), label: "Back to the inbox" }}
      />
    </WorkspaceFrame>
  );
}
