const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
const HREF = / href="([^"]+)"/;
// React Router's `<Scripts/>`: one inline module that imports the route modules, then the entry.
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;

/**
 * What runs in place of the module script: once the browser reports the
 * first paint, it asks for the chunks and runs the module as it was. Where
 * paint timing is not reported it waits a frame and a task instead, and in a
 * tab opened in the background (no paint until it is shown) it starts at
 * once. The module goes in the head, where React skips unknown elements when
 * it hydrates; the starter keeps the original element's place in the body, so
 * what React hydrates is unchanged.
 */
function starter(hrefs: string[], code: string): string {
  // A JSON string inside a script: "<" escaped, so no text in it can end the element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return (
    `(function(){var me=document.currentScript,nonce=me.nonce,started=false;` +
    `function start(){if(started)return;started=true;` +
    `${json(hrefs)}.forEach(function(href){var l=document.createElement("link");` +
    `l.rel="modulepreload";l.href=href;l.nonce=nonce;document.head.appendChild(l)});` +
    `var s=document.createElement("script");s.type="module";s.nonce=nonce;` +
    `s.textContent=${json(code)};document.head.appendChild(s)}` +
    `if(document.visibilityState==="hidden")return start();` +
    `var P=window.PerformanceObserver;` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)` +
    `new P(function(list,observer){observer.disconnect();start()}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(function(){setTimeout(start,0)})})();`
  );
}

/**
 * A hydrating page's scripts are asked for after its first paint, not
 * alongside its stylesheet. Every such page is server-rendered and its forms
 * work without JavaScript, so the paint needs none of the chunks; asked for
 * in the head (as `<Scripts/>` writes them), they share the connections the
 * stylesheet is loading on, and Lighthouse's simulation counts each one that
 * arrived before the paint as holding it up. A page without the module script
 * (the prerendered pages, an error cut short) is left as it was.
 */
export function startScriptsAfterPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, nonce, code] = script;
  const hrefs: string[] = [];
  const before = html.slice(0, script.index).replace(MODULE_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (href) hrefs.push(href);
    return "";
  });
  return (
    before +
    `<script${nonce}>${starter(hrefs, code ?? "")}</script>` +
    html.slice(script.index + whole.length)
  );
}
