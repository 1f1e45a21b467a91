import type { Request, Response } from "express";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for inline scripts under the Content-Security-Policy. */
    cspNonce: string;
    /**
     * The client's address: the socket's, or X-Forwarded-For's only when
     * TRUST_PROXY says the proxy in front may be believed.
     */
    clientIp: string;
  }
}

export function getLoadContext(req: Request, res: Response) {
  return {
    cspNonce: res.locals.cspNonce as string,
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
  };
}
