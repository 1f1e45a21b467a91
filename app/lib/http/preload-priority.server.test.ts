import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./preload-priority.server";

/** Sends `chunks` through the transform, as React's stream would, and reads the whole answer. */
async function through(chunks: (string | Buffer)[]): Promise<string> {
  const source = Readable.from(
    chunks.map((chunk) => (typeof chunk === "string" ? Buffer.from(chunk) : chunk)),
  );
  return text(source.pipe(lowerModulePreloadPriority()));
}

const HEAD =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/></head>';
const BODY =
  '<body><p>£ – café</p><pre>&lt;link rel="modulepreload"</pre><link rel="modulepreload" href="/x.js"/></body></html>';

describe("lowerModulePreloadPriority", () => {
  it("asks for the head's module preloads at low priority and leaves the body alone", async () => {
    const html = await through([HEAD + BODY]);
    expect(html).toBe(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/></head>' +
        BODY,
    );
  });

  it("finds the head's end across chunks, even one cut inside a character", async () => {
    const whole = Buffer.from(HEAD.replace("<head>", "<head><title>Café – £</title>") + BODY);
    const expected = await through([whole]);
    // Every cut point: inside a tag, inside "</head>", inside a two- or three-byte character.
    for (let cut = 1; cut < whole.length; cut++) {
      expect(await through([whole.subarray(0, cut), whole.subarray(cut)])).toBe(expected);
    }
    expect(expected.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("passes on a document cut short before its head ended", async () => {
    expect(await through(['<html><head><link rel="modulepreload" href="/a.js"/>'])).toBe(
      '<html><head><link rel="modulepreload" href="/a.js"/>',
    );
  });
});
