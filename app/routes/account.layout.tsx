import { href, Outlet } from "react-router";
import { AreaError } from "~/components/area-error";
import { requireUserMiddleware } from "~/lib/http/guards.server";
import { currentRequestId } from "~/lib/ops/request-id.server";
import type { Route } from "./+types/account.layout";

/** Every route under /account is a child of this layout, so its middleware guards them all. */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export function loader() {
  return { requestId: currentRequestId() ?? null };
}

/** Asked with every navigation's data, so the boundary shows the id of the request that failed. */
export const shouldRevalidate = () => true;

export default function AccountLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <AreaError
      error={error}
      requestId={loaderData?.requestId}
      back={{ to: href("/account"), label: "Back to your account" }}
    />
  );
}
