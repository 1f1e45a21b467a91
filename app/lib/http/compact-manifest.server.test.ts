import { describe, expect, it } from "vitest";
import { compactManifestStream, compactRouteManifest } from "./compact-manifest.server";

const manifest = {
  entry: { module: "/assets/entry.client.js", imports: ["/assets/a.js"], css: [] },
  routes: {
    root: { id: "root", path: "", hasLoader: true, hasClientLoader: false, imports: [], css: [] },
  },
  url: "/assets/manifest-1.js",
  version: "1",
};
/** What the browser gets: false flags left out, the rest as it was. */
const compact = (value: typeof manifest) =>
  JSON.stringify({
    ...value,
    routes: { root: { id: "root", path: "", hasLoader: true, imports: [], css: [] } },
  });
const page = (json: string) =>
  `<script type="module">import * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = ${json};\n  window.__reactRouterRouteModules = {"root":route0};</script>`;

describe("compactRouteManifest", () => {
  it("writes React Router's pretty-printed manifest compactly, without the false flags", () => {
    const html = page(JSON.stringify(manifest, null, 2));
    const compacted = compactRouteManifest(html);
    expect(compacted).toBe(page(compact(manifest)));
    expect(compacted.length).toBeLessThan(html.length);
  });

  it("leaves a page without a manifest, or with one it cannot read, as it was", () => {
    expect(compactRouteManifest("<p>No scripts</p>")).toBe("<p>No scripts</p>");
    const broken = page('{\n  "entry": oops\n}');
    expect(compactRouteManifest(broken)).toBe(broken);
  });

  it("compacts a document that arrives in pieces, split inside a character", async () => {
    const html = page(JSON.stringify({ ...manifest, version: "é ✓" }, null, 2));
    const bytes = Buffer.from(html);
    let done = false;
    const stream = compactManifestStream(() => (done = true));
    const out: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    for (let at = 0; at < bytes.length; at += 7) stream.write(bytes.subarray(at, at + 7));
    stream.end();
    await ended;
    expect(done).toBe(true);
    expect(Buffer.concat(out).toString("utf8")).toBe(page(compact({ ...manifest, version: "é ✓" })));
  });
});
