import crypto from "node:crypto";
import { type Cookie, createCookie, data, redirect } from "react-router";
import { z } from "zod";
import type { Toast } from "~/lib/http/toast";
import { type AppContext, toastCookieContext } from "~/lib/context.server";
import type { Env } from "~/lib/env.server";

// Server-side only: zod stays out of the browser bundle.
const ToastSchema = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
  reference: z
    .string()
    .regex(/^VM-[0-9A-F]{8}$/)
    .optional(),
}) satisfies z.ZodType<Toast, Toast>;

/**
 * A toast survives a redirect in a short-lived flash cookie, which the next page's root loader reads and
 * clears. Signed, as a toast is the site speaking: one written by anyone else (a sibling subdomain) is
 * ignored. The key is derived from the auth secret for this purpose alone.
 */
export function createToastCookie(env: Pick<Env, "SITE_URL" | "BETTER_AUTH_SECRET">): Cookie {
  if (!env.BETTER_AUTH_SECRET) throw new Error("The toast cookie needs the auth secret, resolved at startup");
  const key = crypto.createHmac("sha256", env.BETTER_AUTH_SECRET).update("toast cookie").digest("base64url");
  return createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    secure: env.SITE_URL.startsWith("https:"),
    secrets: [key],
  });
}

/** Adds the toast's cookie to `headers`. */
export async function appendToast(context: AppContext, headers: Headers, toast: Toast): Promise<Headers> {
  headers.append("Set-Cookie", await context.get(toastCookieContext).serialize(ToastSchema.parse(toast)));
  return headers;
}

export async function redirectWithToast(
  context: AppContext,
  url: string,
  toast: Toast,
  init?: ResponseInit,
): Promise<Response> {
  return redirect(url, { ...init, headers: await appendToast(context, new Headers(init?.headers), toast) });
}

const TOAST_COOKIE = /(?:^|;\s*)toast=/;

/** The flash toast, and the header that clears it (a forged or unreadable one is cleared, not shown). */
export async function getToast(
  context: AppContext,
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const header = request.headers.get("Cookie");
  // Prerendering has no cookie, and no toast cookie in its context.
  if (!header || !TOAST_COOKIE.test(header)) return { toast: null, headers: null };
  const cookie = context.get(toastCookieContext);
  // parse() gives null when the signature does not match.
  const parsed = ToastSchema.safeParse(await cookie.parse(header));
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** `data()` with a toast shown by the route on this very response. */
export function dataWithToast<T extends object>(value: T, toast: Toast, init?: ResponseInit) {
  return data({ ...value, toast: ToastSchema.parse(toast) }, init);
}
