import { Transform } from "node:stream";
import { startScriptsAfterPaint } from "./scripts-after-paint.server";

const MARKER = "window.__reactRouterManifest = ";
// Pretty-printed with two spaces, the object's own closing brace is the only one at a line's start.
const END = "\n};";

/**
 * React Router inlines the routes of a page (its "partial manifest") in
 * every document, pretty-printed with two spaces of indentation: about a
 * quarter of its 4 KB is whitespace, and a tenth each route's flags that
 * are false (hasClientLoader and the like, which the browser's router only
 * tests for truth). The same routes written compactly, without those.
 * Anything unexpected leaves the page as it was.
 */
export function compactRouteManifest(html: string): string {
  const marker = html.indexOf(MARKER);
  if (marker < 0) return html;
  const start = marker + MARKER.length;
  const end = html.indexOf(END, start);
  if (end < 0) return html;
  const compact = compactManifest(html.slice(start, end + 2));
  return compact === undefined ? html : html.slice(0, start) + compact + html.slice(end + 2);
}

/**
 * Manifests already written compactly. A page's manifest depends only on
 * the build and the page's routes, so a few dozen cover a whole site;
 * parsing one again cost about 80 µs a document on the 2-core machine.
 */
const compacted = new Map<string, string | undefined>();
const MAX_COMPACTED = 100;

function compactManifest(pretty: string): string | undefined {
  if (compacted.has(pretty)) return compacted.get(pretty);
  let compact: string | undefined;
  try {
    compact = JSON.stringify(
      JSON.parse(pretty, (key, value: unknown) =>
        value === false && /^has[A-Z]/.test(key) ? undefined : value,
      ),
    );
  } catch {
    compact = undefined;
  }
  if (compacted.size >= MAX_COMPACTED) compacted.clear();
  compacted.set(pretty, compact);
  return compact;
}

/**
 * A stream that gathers a whole document and writes it out once, its
 * manifest compacted and its scripts started after the first paint
 * (scripts-after-paint.server.ts). Documents are rendered completely before they are
 * sent (entry.server.tsx waits for onAllReady), so holding them costs no
 * time to first byte; `done` runs when the input has ended.
 */
export function compactManifestStream(done: () => void): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      done();
      const html = compactRouteManifest(Buffer.concat(chunks).toString("utf8"));
      callback(null, Buffer.from(startScriptsAfterPaint(html)));
    },
  });
}
