import { databaseContext, envContext } from "~/lib/context.server";
import { listPublishedItemIds } from "~/lib/catalogue/catalogue.server";
import type { Route } from "./+types/sitemap";
import { listPublicPages } from "~/content/public-pages";

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export async function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.get(envContext).SITE_URL;
  const itemPaths = (await listPublishedItemIds(context.get(databaseContext).db)).map(
    (id) => `/equipment/${id}`,
  );
  const urls = [...listPublicPages(), ...itemPaths]
    .map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
