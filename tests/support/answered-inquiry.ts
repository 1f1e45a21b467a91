import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { sentMessageIds } from "../../db/schema";
import type { Db } from "~/lib/db/db.server";
import { sendDeskReply } from "~/lib/inquiries/replies.server";
import { createInquiry } from "~/lib/inquiries/intake.server";

/**
 * An inquiry from `email` by the form, answered from the desk: the lead's
 * turn is over, and `replyMessageId` is what the lead's mail client puts in
 * In-Reply-To when it answers.
 */
export async function answeredInquiry(
  db: Db,
  email: string,
  options: { acknowledge?: boolean; message?: string; reply?: { subject: string; body: string } } = {},
) {
  const created = await createInquiry(
    db,
    {
      name: "Kofi Mensah",
      company: null,
      email,
      phone: null,
      whatsapp: null,
      interest: "gold-buying",
      deal_size: null,
      message: options.message ?? "Hello",
    },
    {
      isSpam: false,
      acknowledge: options.acknowledge ?? true,
      adminEmails: [],
      siteUrl: "https://site.example.test",
      submissionKey: crypto.randomUUID(),
    },
  );
  const sent = await sendDeskReply(db, {
    inquiryId: created.id,
    ...(options.reply ?? { subject: "Your inquiry", body: "Thank you" }),
    actorId: "ama",
  });
  if (sent === "not-found") throw new Error("no inquiry");
  const [reply] = await db.select().from(sentMessageIds).where(eq(sentMessageIds.reply_id, sent.replyId));
  return { ...created, replyId: sent.replyId, replyMessageId: reply!.message_id };
}
