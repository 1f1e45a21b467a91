/* global document, window, history, fetch, setTimeout, clearTimeout, URLSearchParams, FormData, DOMParser, AbortController */
// The catalogue filters as the visitor types and chooses. A plain script, not
// hydration: the GET form stays the page's behaviour without JavaScript, and
// this only fetches the same server-rendered URL and swaps the list in.
(() => {
  const form = document.querySelector("form[data-catalogue-filter]");
  const count = document.getElementById("catalogue-count");
  const results = document.getElementById("catalogue-results");
  if (!form || !count || !results || !window.fetch || !window.DOMParser) return;
  let timer;
  let pending;

  const update = () => {
    clearTimeout(timer);
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      const text = String(value).trim();
      // Defaults are left out: the URL stays short and shareable.
      if (text && text !== "all") params.set(name, text);
    }
    const query = params.toString();
    const url = form.action + (query ? `?${query}` : "");
    history.replaceState(history.state, "", url);
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    fetch(url, { signal: controller.signal, credentials: "same-origin" })
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then((html) => {
        const page = new DOMParser().parseFromString(html, "text/html");
        const nextResults = page.getElementById("catalogue-results");
        const nextCount = page.getElementById("catalogue-count");
        if (!nextResults || !nextCount || controller.signal.aborted) return;
        results.replaceChildren(...nextResults.childNodes);
        // The live region keeps its node; a changed text is announced politely.
        if (count.textContent !== nextCount.textContent) count.textContent = nextCount.textContent;
      })
      .catch(() => {
        // Offline or a superseded request: Apply Filters still submits the form.
      });
  };

  form.addEventListener("input", (event) => {
    if (event.target.type !== "search") return;
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  });
  form.addEventListener("change", (event) => {
    if (event.target.tagName === "SELECT") update();
  });
})();
