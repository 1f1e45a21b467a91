import type { Request, Response } from "express";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for inline scripts under the Content-Security-Policy. */
    cspNonce: string;
  }
}

export function getLoadContext(_req: Request, res: Response) {
  return { cspNonce: res.locals.cspNonce as string };
}
