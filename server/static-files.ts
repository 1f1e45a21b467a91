import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler, Router } from "express";

/** Better Auth's session cookie, with or without the `__Secure-` prefix. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/;

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/** Maps URL paths to the `index.html` files React Router prerendered. */
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !(dir === clientDir && entry.name === "assets")) walk(full);
      else if (entry.isFile() && entry.name === "index.html") {
        const urlPath = "/" + path.relative(clientDir, dir).split(path.sep).join("/");
        pages.set(urlPath === "/" ? "/" : urlPath.replace(/\/$/, ""), full);
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  return pages;
}

/**
 * Hashed assets are cached forever; other public files for an hour.
 * Prerendered HTML goes only to visitors without a session cookie: the
 * header differs for signed-in users, so they get a server render.
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
  router.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));

  const servePrerendered: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // A query string can change the page (e.g. catalogue filters): render it.
    if (req.url.includes("?")) return next();
    const urlPath = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const file = pages.get(urlPath);
    if (!file) return next();
    res.setHeader("Vary", "Cookie");
    if (hasSessionCookie(req.headers.cookie)) return next();
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.type("html").sendFile(file);
  };
  router.use(servePrerendered);
  return router;
}
