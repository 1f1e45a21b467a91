import { describe, expect, it } from "vitest";
import { startScriptsAfterPaint } from "./scripts-after-paint.server";

const HEAD =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="abc"/></head>';
const MODULE =
  'import * as route0 from "/assets/root.js";\n  window.__reactRouterRouteModules = {"root":route0};\n' +
  'import("/assets/entry.js");';
const BODY = (script: string) =>
  `<body><p>£ – café</p><script nonce="abc">window.__reactRouterContext = {};</script>${script}` +
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>';

/** The starter's text, from the element that took the module script's place. */
function starterOf(html: string): string {
  const match = /<script nonce="abc">(\(function\(\)[\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no starter in the page");
  return match[1]!;
}

/** A document just enough for the starter to run in, recording what it adds to the head. */
function runStarter(code: string, options: { hidden?: boolean; paintTiming?: boolean }) {
  const added: { tag: string; props: Record<string, string> }[] = [];
  const later: (() => void)[] = [];
  let observed: (() => void) | undefined;
  const document = {
    currentScript: { nonce: "abc" },
    visibilityState: options.hidden ? "hidden" : "visible",
    createElement: (tag: string) => ({ tag }),
    head: {
      appendChild: (element: { tag: string } & Record<string, string>) => {
        const { tag, ...props } = element;
        added.push({ tag, props });
      },
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming ? ["paint"] : [];
    constructor(private readonly callback: (list: unknown, observer: { disconnect(): void }) => void) {}
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: "paint", buffered: true });
      observed = () => this.callback({}, { disconnect() {} });
    }
  }
  const window = { PerformanceObserver };
  const requestAnimationFrame = (callback: () => void) => later.push(callback);
  const setTimeout = (callback: () => void) => later.push(callback);
  new Function("document", "window", "requestAnimationFrame", "setTimeout", code)(
    document,
    window,
    requestAnimationFrame,
    setTimeout,
  );
  return {
    added,
    paint: () => observed?.(),
    nextTasks: () => later.splice(0).forEach((task) => task()),
  };
}

describe("startScriptsAfterPaint", () => {
  const page = HEAD + BODY(`<script nonce="abc" type="module" async="">${MODULE}</script>`);
  const html = startScriptsAfterPaint(page);

  it("takes the module preloads out of the head and the module script out of the body", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module" async');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/></head>');
    // Everything else as it was, the starter in the module script's place.
    expect(html.replace(starterOf(html), "")).toBe(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/></head>' +
        BODY('<script nonce="abc"></script>'),
    );
  });

  it("asks for the chunks and runs the module, with the page's nonce, only after the first paint", () => {
    const browser = runStarter(starterOf(html), { paintTiming: true });
    browser.nextTasks();
    expect(browser.added).toEqual([]);
    browser.paint();
    expect(browser.added).toEqual([
      { tag: "link", props: { rel: "modulepreload", href: "/assets/entry.js", nonce: "abc" } },
      { tag: "link", props: { rel: "modulepreload", href: "/assets/root.js", nonce: "abc" } },
      { tag: "script", props: { type: "module", nonce: "abc", textContent: MODULE } },
    ]);
    browser.paint();
    expect(browser.added).toHaveLength(3);
  });

  it("waits a frame and a task where paint timing is not reported, and not at all in a hidden tab", () => {
    const withoutTiming = runStarter(starterOf(html), {});
    expect(withoutTiming.added).toEqual([]);
    withoutTiming.nextTasks();
    expect(withoutTiming.added).toEqual([]);
    withoutTiming.nextTasks();
    expect(withoutTiming.added).toHaveLength(3);
    expect(runStarter(starterOf(html), { hidden: true, paintTiming: true }).added).toHaveLength(3);
  });

  it('writes the module into the starter with no "<" that could end the element early', () => {
    const module = 'window.x = "<b>" + (1 < 2);';
    const starter = starterOf(
      startScriptsAfterPaint(BODY(`<script nonce="abc" type="module" async="">${module}</script>`)),
    );
    expect(starter).not.toContain("<");
    expect(runStarter(starter, { hidden: true }).added).toEqual([
      { tag: "script", props: { type: "module", nonce: "abc", textContent: module } },
    ]);
  });

  it("leaves a page without the module script (a prerendered page) as it was", () => {
    const prerendered = HEAD + "<body><p>No scripts</p></body></html>";
    expect(startScriptsAfterPaint(prerendered)).toBe(prerendered);
  });
});
