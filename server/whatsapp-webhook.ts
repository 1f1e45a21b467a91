import express, { Router } from "express";
import { whatsAppLimits } from "~/content/whatsapp-limits";
import type { DatabaseHandle } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/ops/logger.server";
import { verifyWhatsAppSignature, WHATSAPP_SIGNATURE_HEADER } from "~/lib/whatsapp/webhook-signature.server";
import { storeDelivery } from "~/lib/whatsapp/whatsapp-intake.server";
import { sameToken } from "./request-guards";

const WHATSAPP_WEBHOOK_PATH = "/webhooks/whatsapp";

/** Meta's challenges are numbers; anything else is not echoed into a response. */
const CHALLENGE = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Meta's webhook: the GET handshake, and POSTs whose X-Hub-Signature-256 is
 * checked on the raw bytes before anything reads them. A verified body is
 * stored and its filing queued before the 200. With the channel off the path
 * falls through to the site (404).
 */
export function whatsAppWebhookRoutes(env: Env, database: DatabaseHandle): Router {
  const router = Router();
  const channel = env.WHATSAPP;
  if (!channel) return router;
  router.get(WHATSAPP_WEBHOOK_PATH, (req, res) => {
    const { "hub.mode": mode, "hub.verify_token": token, "hub.challenge": challenge } = req.query;
    res.setHeader("Cache-Control", "no-store");
    if (
      mode === "subscribe" &&
      typeof token === "string" &&
      sameToken(token, channel.verifyToken) &&
      typeof challenge === "string" &&
      CHALLENGE.test(challenge)
    ) {
      res.status(200).type("text/plain").send(challenge);
      return;
    }
    res.status(403).type("text/plain").send("Forbidden.");
  });
  router.post(
    WHATSAPP_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: whatsAppLimits.webhookBodyBytes }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!verifyWhatsAppSignature(body, req.headers[WHATSAPP_SIGNATURE_HEADER], channel.appSecret)) {
        res.status(401).type("text/plain").send("Signature missing or wrong.");
        return;
      }
      const deliveryId = await storeDelivery(database.db, body);
      logger.debug({ deliveryId }, "WhatsApp delivery stored");
      res.status(200).type("text/plain").send("OK");
    },
  );
  router.use(WHATSAPP_WEBHOOK_PATH, ((error, _req, res, next) => {
    const status = (error as { status?: unknown }).status;
    if (status === 413) {
      res.setHeader("Connection", "close");
      res.status(413).type("text/plain").send("Request body too large.");
      return;
    }
    next(error);
  }) satisfies express.ErrorRequestHandler);
  return router;
}
