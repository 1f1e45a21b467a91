/**
 * The conversation on seeded inquiries, as months of use leave it: the
 * desk's reply to each answered inquiry and the leads' mail back, varied as
 * real mail is (quantities, places, dates, quoted history), so a search of
 * message text meets as many matches as it would in use. For the
 * benchmarks: deterministic for a seed, and quick to insert in bulk.
 */
import { sql } from "drizzle-orm";
import { receivedMailLimits } from "~/content/received-mail-limits";
import { inquiryMessages, inquiryReplies } from "../schema";
import { MAIL_TEXT_SEPARATOR } from "~/lib/inquiries/search.server";
import type { Db } from "~/lib/db/db.server";

type NewMessage = typeof inquiryMessages.$inferInsert;
type NewReply = typeof inquiryReplies.$inferInsert;

/** What a conversation needs of an inquiry already stored. */
export interface SeededInquiry {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  firstRepliedAt: Date | null;
  isSpam: boolean;
}

const TOWNS = ["Takoradi", "Kumasi", "Accra", "Tema", "Prestea", "Bogoso", "Dunkwa", "Konongo", "Bibiani"];
const LABS = ["SGS Tema", "Intertek Accra", "ALS Kumasi", "Bureau Veritas"];
const MACHINES = ["CAT 336 excavator", "D6 dozer", "wash plant", "trommel", "articulated dump truck"];
const VESSELS = [
  "MV Volta Star",
  "MV Ankobra",
  "MV Pra River",
  "MV Cape Coast",
  "MV Densu",
  "MV Birim",
  "MV Tano",
  "MV Offin",
  "MV Afram",
  "MV Oti",
];
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const MONTHS = ["January", "March", "April", "June", "August", "October", "November"];
const ROLES = ["finance director", "site manager", "compliance officer", "logistics lead"];

type Pick = <T>(values: readonly T[]) => T;
type Draw = (pick: Pick, next: () => number) => string;

/** Sentences a lead writes back, each with its own details. */
const SENTENCES: Draw[] = [
  () => "Thank you for the quick reply.",
  (pick, next) =>
    `We can offer ${1 + Math.floor(next() * 40)} kg at ${pick(["995", "999", "916"])} fineness each month.`,
  (pick, next) =>
    `The assay from ${pick(LABS)} came back at ${(88 + next() * 11).toFixed(2)}% for lot ${1000 + Math.floor(next() * 9000)}.`,
  (pick, next) =>
    `Please quote for ${1 + Math.floor(next() * 4)} ${pick(MACHINES)} delivered to ${pick(TOWNS)}.`,
  (pick, next) =>
    `Our ${pick(ROLES)} will call you on ${pick(WEEKDAYS)} at ${9 + Math.floor(next() * 8)}:00.`,
  (_pick, next) => `We transferred the deposit of USD ${(5 + Math.floor(next() * 95)) * 1_000} this morning.`,
  (_pick, next) =>
    `Attached is the bill of lading for container MSKU ${1_000_000 + Math.floor(next() * 9_000_000)}.`,
  (pick) => `Can you confirm the export permit number before ${pick(WEEKDAYS)}?`,
  (pick, next) =>
    `The machine shows ${Math.floor(next() * 12_000)} hours; the last service was in ${pick(MONTHS)}.`,
  () => "Our bank needs your company registration certificate.",
  (pick, next) => `Shipment leaves Tema on the ${pick(VESSELS)} in week ${1 + Math.floor(next() * 52)}.`,
  (pick) => `We would like to visit the site near ${pick(TOWNS)} in ${pick(MONTHS)}.`,
  (_pick, next) => `Is the price for ${1 + Math.floor(next() * 40)} kg still valid?`,
  () => "Please send the draft sales agreement for our lawyers.",
  () => "The KYC documents for our directors are attached.",
  () => "The operator asked whether fuel is included in the weekly rate.",
  (pick) => `We can meet in ${pick(TOWNS)} on ${pick(WEEKDAYS)}.`,
  (pick) => `Our insurer wants the serial number of the ${pick(MACHINES)}.`,
  (pick) => `Sorry for the delay; the board approved the purchase on ${pick(WEEKDAYS)}.`,
  () => "Who signs for the seller at the handover?",
];

const REPLIES: Draw[] = [
  (pick) =>
    `Thank you for your inquiry. Could you send your KYC documents before our call on ${pick(WEEKDAYS)}?`,
  (pick) =>
    `Thank you for writing. The ${pick(MACHINES)} is available; our weekly and monthly rates are attached.`,
  (pick) => `Thank you. We can arrange an assay at ${pick(LABS)} once the documents are in order.`,
  (pick) => `Thank you for your interest. Our licensing partner in ${pick(TOWNS)} will contact you.`,
];

const HOUR_MS = 3_600_000;

/**
 * Deterministic pseudo-random numbers (mulberry32). Not the inquiries'
 * generator: a conversation takes a dozen draws per message, and a
 * power-of-two LCG's draws that far apart repeat in step, which would pile
 * every mail about one subject onto a handful of inquiries.
 */
function randomNumbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A lead's mail: a greeting, one to three sentences, a signature, and often the desk's words quoted. */
function messageBody(pick: Pick, next: () => number, name: string, quoted: string | null): string {
  const sentences = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(SENTENCES)(pick, next));
  const body = `${pick(["Dear team,", "Hello,", "Good morning,"])}\n\n${sentences.join(" ")}\n\nRegards,\n${name}`;
  return quoted && next() < 0.5 ? `${body}\n\nOn an earlier day, the desk wrote:\n> ${quoted}` : body;
}

/**
 * A reply from the desk for every answered inquiry (at its first reply) and
 * `messages` mails from leads spread over the genuine ones, each within 40
 * days of its inquiry; about one in thirty is an automatic reply.
 */
export function demoConversation({
  inquiries,
  messages,
  seed = 7,
}: {
  inquiries: SeededInquiry[];
  messages: number;
  seed?: number;
}): { replies: NewReply[]; messages: NewMessage[] } {
  const next = randomNumbers(seed);
  const pick: Pick = (values) => values[Math.floor(next() * values.length)]!;
  const replies: NewReply[] = [];
  const replyText = new Map<string, string>();
  for (const inquiry of inquiries) {
    if (!inquiry.firstRepliedAt) continue;
    const body = pick(REPLIES)(pick, next);
    replyText.set(inquiry.id, body);
    replies.push({
      inquiry_id: inquiry.id,
      to: inquiry.email,
      subject: "Your inquiry",
      body: `Dear ${inquiry.name},\n\n${body}\n\nKind regards,\nThe desk`,
      created_at: inquiry.firstRepliedAt,
      delivered_at: inquiry.firstRepliedAt,
    });
  }
  const genuine = inquiries.filter((inquiry) => !inquiry.isSpam);
  const received = Array.from({ length: genuine.length > 0 ? messages : 0 }, (_, n): NewMessage => {
    const inquiry = pick(genuine);
    const sentAt = new Date(inquiry.createdAt.getTime() + Math.floor((2 + next() * 40 * 24) * HOUR_MS));
    const automatic = next() < 1 / 30;
    const key = `<seed-${seed}-${n}@mail.example.test>`;
    return {
      inquiry_id: inquiry.id,
      message_key: key,
      message_id: key,
      kind: automatic ? "auto-reply" : "message",
      from_address: inquiry.email,
      from_name: inquiry.name,
      subject: automatic ? "Automatic reply: Your inquiry" : "Re: Your inquiry",
      body: automatic
        ? `I am out of the office until ${pick(WEEKDAYS)} with limited access to e-mail.`
        : messageBody(pick, next, inquiry.name, replyText.get(inquiry.id) ?? null),
      sent_at: sentAt,
      mailbox: "imaps://deals%40example.test@imap.example.test/INBOX",
      created_at: sentAt,
    };
  });
  return { replies, messages: received };
}

/**
 * Inserts in batches (Postgres allows 65,535 parameters a statement), in one
 * transaction. The triggers that keep each inquiry's mail text (migration
 * 0026) would rewrite an inquiry's row for every batch holding its mail
 * (seeding 200,000 mails took 15 minutes on a loaded machine): they are off
 * for the inserts and the text is written once at the end, as the migration
 * fills it.
 */
export async function insertConversation(
  db: Db,
  conversation: { replies: NewReply[]; messages: NewMessage[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table inquiry_replies disable trigger inquiry_replies_mail_text_insert`);
    await tx.execute(sql`alter table inquiry_messages disable trigger inquiry_messages_mail_text_insert`);
    for (let offset = 0; offset < conversation.replies.length; offset += 2_000) {
      await tx.insert(inquiryReplies).values(conversation.replies.slice(offset, offset + 2_000));
    }
    for (let offset = 0; offset < conversation.messages.length; offset += 2_000) {
      await tx.insert(inquiryMessages).values(conversation.messages.slice(offset, offset + 2_000));
    }
    await tx.execute(sql`update contact_submissions c set mail_text = mail.text
      from (
        select inquiry_id, right(string_agg(lower(left(body, ${sql.raw(String(receivedMailLimits.searchedBodyChars))})), ${MAIL_TEXT_SEPARATOR} order by created_at, id), ${sql.raw(String(receivedMailLimits.searchedMailChars))}) as text
        from (
          select inquiry_id, body, created_at, id from inquiry_replies
          union all select inquiry_id, body, created_at, id from inquiry_messages
        ) as bodies
        group by inquiry_id
      ) as mail
      where c.id = mail.inquiry_id and c.mail_text is distinct from mail.text`);
    await tx.execute(sql`alter table inquiry_replies enable trigger inquiry_replies_mail_text_insert`);
    await tx.execute(sql`alter table inquiry_messages enable trigger inquiry_messages_mail_text_insert`);
  });
}
