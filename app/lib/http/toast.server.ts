import { type Cookie, createCookie, data, redirect } from "react-router";
import { z } from "zod";
import type { Toast } from "~/lib/http/toast";
import { type AppContext, envContext } from "../context.server";

// Server-side only: zod stays out of the browser bundle.
const ToastSchema = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
}) satisfies z.ZodType<Toast, Toast>;

/**
 * Toasts that survive a redirect travel in a short-lived flash cookie: the
 * action redirects with it, the root loader of the next page reads and clears
 * it, and the root renders it. That works the same with and without
 * JavaScript. A response that does not redirect (a failed submission that
 * keeps the visitor's values) returns its toast in the action data instead,
 * and the route renders the same <Toaster>.
 */
const toastCookies = new Map<boolean, Cookie>();
/** The site's scheme comes from the configuration in the context. */
function toastCookie(context: AppContext): Cookie {
  // Never sent over plain HTTP when the site is https.
  const secure = context.get(envContext).SITE_URL.startsWith("https:");
  let cookie = toastCookies.get(secure);
  if (!cookie) {
    cookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secure });
    toastCookies.set(secure, cookie);
  }
  return cookie;
}

export async function createToastHeaders(context: AppContext, toast: Toast): Promise<Headers> {
  return new Headers({ "Set-Cookie": await toastCookie(context).serialize(ToastSchema.parse(toast)) });
}

export async function redirectWithToast(
  context: AppContext,
  url: string,
  toast: Toast,
  init?: ResponseInit,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(context, toast)).getSetCookie()) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(url, { ...init, headers });
}

/** Reads the flash toast, and the header that clears it once shown. */
export async function getToast(
  context: AppContext,
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = toastCookie(context);
  const raw: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(raw);
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** `data()` with a toast shown by the route on this very response. */
export function dataWithToast<T extends object>(value: T, toast: Toast, init?: ResponseInit) {
  return data({ ...value, toast: ToastSchema.parse(toast) }, init);
}
