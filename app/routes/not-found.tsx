import { data, Link } from "react-router";
import { notFoundPage } from "~/content/account-pages";
import { requestLogger } from "~/lib/ops/logger.server";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  // A missing page is the visitor's mistake or a scanner's, not the site's: not a warning.
  requestLogger(context).info({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: notFoundPage.meta.title },
  { name: "description", content: notFoundPage.meta.description },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-6xl font-bold">{notFoundPage.code}</h1>
      <p className="mt-4 text-xl text-ink-muted">{notFoundPage.message}</p>
      <Link
        to={notFoundPage.homeLink.href}
        className="mt-8 inline-block font-semibold text-accent-strong underline"
      >
        {notFoundPage.homeLink.label}
      </Link>
    </main>
  );
}
