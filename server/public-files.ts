import fs from "node:fs";
import path from "node:path";
import express, { Router } from "express";

/**
 * Cookies that make a page personal: Better Auth's session (with or without
 * the `__Secure-` prefix), and a flash toast waiting to be shown.
 * deploy/nginx/volta-meridian.conf tells them apart the same way.
 */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?[\w.-]*session_token|toast)=/;

/**
 * URL paths of what React Router prerendered, to the file under the client
 * build: `/about` to `about/index.html`, and the `.data` its client
 * navigation fetches. Listed at start, so a request is served from a file
 * only if the build made one for its path.
 */
function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!fs.existsSync(clientDir)) return pages;
  for (const entry of fs.readdirSync(clientDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/^index\.html$|\.data$/.test(entry.name)) continue;
    const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep);
    if (relative[0] === "assets") continue;
    const file = relative.join("/");
    pages.set(file === "index.html" ? "/" : "/" + file.replace(/\/index\.html$/, ""), file);
  }
  return pages;
}

/**
 * The client build with express.static: hashed assets cached for a year,
 * other public files for an hour. Prerendered pages (HTML and their .data)
 * go only to visitors without a session or toast cookie and without a query
 * string, as files; the others get a server render (their header differs, a
 * toast must be read, a catalogue filter changes the page). With
 * `servePages` false (the pages carry another origin than SITE_URL) every
 * page is rendered.
 */
export function publicFiles(clientDir: string, { servePages }: { servePages: boolean }): Router {
  const router = Router();
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      index: false,
      redirect: false,
      immutable: true,
      maxAge: "1y",
    }),
    // A missing asset is not a page: no render for it.
    (_req, res) => void res.status(404).type("text/plain").send("Not found"),
  );
  const files = express.static(clientDir, { index: false, redirect: false, maxAge: "1h" });
  const pages = findPrerenderedPages(clientDir);
  router.use((req, res, next) => {
    // A page's path is looked up first: tried as a file, it would cost a stat and a 404 each time.
    const page =
      req.method === "GET" || req.method === "HEAD"
        ? pages.get(req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path)
        : undefined;
    if (!page) {
      // Pages are not served as files by the path's name (index.html, about.data) alone.
      return /(?:\.html|\.data)$/.test(req.path) ? next() : files(req, res, next);
    }
    res.vary("Cookie");
    if (!servePages || req.url.includes("?") || PERSONAL_COOKIE.test(req.headers.cookie ?? "")) return next();
    // React Router's type for its data, which the file's name does not tell send.
    if (page.endsWith(".data")) res.type("text/x-script; charset=utf-8");
    res.sendFile(page, { root: clientDir }, (error) => {
      if (!error) return;
      if (res.headersSent) return res.destroy();
      next(error);
    });
  });
  return router;
}
