import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { logger } from "~/lib/logger.server";

export function loader({ request }: Route.LoaderArgs) {
  logger.warn({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="mt-4 text-xl text-stone-700">Oops! Page not found</p>
      <a href="/" className="mt-8 inline-block font-semibold text-amber-800 underline">
        Return to Home
      </a>
    </main>
  );
}
