import { type Cookie, createCookie, data, redirect } from "react-router";
import { z } from "zod";
import type { Toast } from "~/lib/http/toast";
import { getEnv } from "../env.server";

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
let cookie: Cookie | undefined;
/** Created on first use: the site's scheme comes from the environment. */
function toastCookie(): Cookie {
  cookie ??= createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    // Never sent over plain HTTP when the site is https.
    secure: getEnv().SITE_URL.startsWith("https:"),
  });
  return cookie;
}

export async function createToastHeaders(toast: Toast): Promise<Headers> {
  return new Headers({ "Set-Cookie": await toastCookie().serialize(ToastSchema.parse(toast)) });
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** Reads the flash toast, and the header that clears it once shown. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const raw: unknown = await toastCookie().parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(raw);
  const headers = new Headers({ "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** `data()` with a toast shown by the route on this very response. */
export function dataWithToast<T extends object>(value: T, toast: Toast, init?: ResponseInit) {
  return data({ ...value, toast: ToastSchema.parse(toast) }, init);
}
