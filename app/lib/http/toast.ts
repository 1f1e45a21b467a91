/**
 * The one toast a page shows after a redirect, carried in a flash cookie.
 * Validated where it is read back from the cookie (toast.server.ts); shared
 * by the server modules that set it and the component that renders it.
 */
export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** The inquiry a confirmation names (its reference, e.g. VM-1E90216D), shown by the contact page. */
  reference?: string;
}
