import fs from "node:fs";
import path from "node:path";
import express, { Router } from "express";
import expressStaticGzip from "express-static-gzip";
import { PHOTO_URL_PREFIX } from "~/lib/catalogue/photo-urls";

/** Cookies that make a page personal (a session, a toast); deploy/nginx/volta-meridian.conf matches the same. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?[\w.-]*session_token|toast)=/;

/** URL paths of what React Router prerendered (HTML and .data), to their files under the client build. */
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
 * Prerendered pages go as files only to visitors without a session or toast cookie and without a query string;
 * the others get a server render. With `servePages` false every page is rendered.
 */
export function publicFiles(clientDir: string, { servePages }: { servePages: boolean }): Router {
  const router = Router();
  router.use(
    "/assets",
    // The build's brotli and gzip files, as nginx sends them: smaller than compressing on the fly, at no CPU.
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br"],
      index: false,
      serveStatic: { index: false, redirect: false, immutable: true, maxAge: "1y" },
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

/**
 * Catalogue photos' renditions under DATA_DIR: their names are hashes of their bytes, so they are cached for good.
 * Nothing else is served from DATA_DIR; nginx serves the same directory the same way.
 */
export function cataloguePhotoFiles(dir: string): Router {
  const router = Router();
  router.use(
    PHOTO_URL_PREFIX,
    express.static(dir, { index: false, redirect: false, dotfiles: "deny", immutable: true, maxAge: "1y" }),
    (_req, res) => void res.status(404).type("text/plain").send("Not found"),
  );
  return router;
}
