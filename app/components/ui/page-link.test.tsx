import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { BrowserPageLink, type PageLinkProps, ServerPageLink } from "./page-link";

/** `element` as a page at `url` renders it on the server (hydration markers included). */
async function renderAt(url: string, element: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://site.test${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} />);
}

describe("a page link", () => {
  const cases: [string, PageLinkProps][] = [
    [
      "a plain link",
      { to: "/dashboard/inquiries/6f0d9a4e-3c1b-4b7a-9a51-0d2f3e4c5b6a", children: "Kwame Mensah" },
    ],
    [
      "a link with a query, a class and a label",
      { to: "/dashboard?page=2&sort=deal", className: "page", "aria-label": "Page 2", children: "2" },
    ],
  ];

  // The browser's Link hydrates the server's anchor only if both write the same markup.
  it.each(cases)("is written by the server as the browser's Link writes it: %s", async (_name, props) => {
    for (const at of ["/dashboard", "/dashboard/inquiries/x"]) {
      const server = await renderAt(at, <ServerPageLink {...props} />);
      expect(server).toBe(await renderAt(at, <BrowserPageLink {...props} />));
      expect(server).toContain(`href="${props.to.replaceAll("&", "&amp;")}"`);
    }
  });
});
