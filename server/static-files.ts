import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler, Router } from "express";

/**
 * Cookies that make a page personal: Better Auth's session (with or without
 * the `__Secure-` prefix), and a flash toast waiting to be shown.
 */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?[\w.-]*session_token|toast)=/;

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && PERSONAL_COOKIE.test(cookieHeader);
}

/**
 * Maps URL paths to what React Router prerendered: `index.html` documents
 * and the `.data` files its client navigation fetches.
 */
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !(dir === clientDir && entry.name === "assets")) walk(full);
      else if (entry.isFile() && entry.name === "index.html") {
        const urlPath = "/" + path.relative(clientDir, dir).split(path.sep).join("/");
        pages.set(urlPath === "/" ? "/" : urlPath.replace(/\/$/, ""), full);
      } else if (entry.isFile() && entry.name.endsWith(".data")) {
        pages.set("/" + path.relative(clientDir, full).split(path.sep).join("/"), full);
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  return pages;
}

/**
 * Hashed assets are cached forever; other public files for an hour.
 * Prerendered pages (HTML and their .data) go only to visitors without a
 * session or toast cookie: the header differs for signed-in users and a
 * toast must be read, so those requests get a server render.
 */
export function staticFiles(clientDir: string): Router {
  const router = Router();
  const pages = findPrerenderedPages(clientDir);

  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
    }),
    (_req, res) => {
      res.status(404).type("text/plain").send("Not found");
    },
  );
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false, redirect: false });
  router.use((req, res, next) => {
    // Prerendered documents and data are served below, with their rules.
    if (req.path.endsWith(".html") || req.path.endsWith(".data")) return next();
    publicFiles(req, res, next);
  });

  const servePrerendered: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // A query string can change the page (e.g. catalogue filters): render it.
    if (req.url.includes("?")) return next();
    const urlPath = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const file = pages.get(urlPath);
    if (!file) return next();
    res.setHeader("Vary", "Cookie");
    if (hasPersonalCookie(req.headers.cookie)) return next();
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.type(file.endsWith(".html") ? "html" : "text/x-script");
    res.sendFile(file);
  };
  router.use(servePrerendered);
  return router;
}
