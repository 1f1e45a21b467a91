import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSubmissions, inquiryMessages, inquiryReplies, user } from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import type { ContactInput } from "~/forms/contact";
import { demoInquiries, insertInquiries } from "~db/seed/seed.server";
import { markRepliedOutside } from "~/lib/inquiries/replies.server";
import { createInquiry } from "~/lib/inquiries/intake.server";
import {
  deleteInquiry,
  markRead,
  setSpam,
  setInquiryStatus,
  releaseInquiry,
} from "~/lib/inquiries/inquiry-actions.server";
import { erasePersonalData } from "~/lib/privacy/personal-data.server";
import { runRetention } from "~/lib/privacy/retention.server";
import { ukWeekOf, ukWeeksBetween } from "~/lib/uk-time";
import { buildReport } from "~/lib/reports/weekly-report.server";

const announce = {
  acknowledge: false,
  adminEmails: ["ops@example.test"],
  siteUrl: "https://site.example.test",
  webhookUrl: undefined,
};
const input: ContactInput = {
  name: "Kwame Boateng",
  company: null,
  email: "kwame@example.test",
  phone: null,
  whatsapp: null,
  interest: "gold-buying",
  deal_size: null,
  message: "Twenty kilos, assayed.",
};
/** Late enough that every week is past the reply promise, so each week's figures are kept. */
const LATER = new Date("2030-01-06T12:00:00Z");
/** A campaign only one lead came by: it must leave the rollup with that lead. */
const ONE_LEAD_CAMPAIGN = "ama-mensah-referral";

/*
 * The rollup must equal a count of contact_submissions after every kind of
 * change, made through the code paths that make it in the app.
 */
describe.each(testBackends)("the reports' weekly rollup on %s", (backend) => {
  const database = useTestDatabase(backend);
  let keys = 0;
  const store = (
    email: string,
    options: { held?: boolean; source?: "form" | "email"; campaign?: string; interest?: string | null } = {},
  ) =>
    createInquiry(
      database.db,
      { ...input, email, interest: (options.interest ?? input.interest) as ContactInput["interest"] },
      {
        ...announce,
        isSpam: false,
        held: options.held ?? false,
        submissionKey: `rollup-${++keys}`,
        source: options.source,
        visitSource: {
          landing_page: "/services/gold-intermediary",
          referrer_host: "www.google.com",
          utm_source: "newsletter",
          utm_medium: "email",
          utm_campaign: options.campaign ?? "autumn",
        },
      },
    );

  /** Both rollups and what a count of the rows says they should hold, in one order. */
  async function rollupAndRecount() {
    type Row = { week: string; held: boolean; status?: string; count: number } & Record<string, unknown>;
    const read = async (query: ReturnType<typeof sql>): Promise<Row[]> =>
      (await database.db.execute<Row>(query)).rows.map((row) => ({ ...row, count: Number(row.count) }));
    const countColumns = sql.raw("interest, is_spam, held, status, source");
    const sourceColumns = sql.raw(
      "is_spam, held, source, landing_page, referrer_host, utm_source, utm_medium, utm_campaign",
    );
    return {
      counts: await read(
        sql`select week::text as week, ${countColumns}, count from report_week_counts order by 1, 2, 3, 4, 5, 6`,
      ),
      recounted: await read(
        sql`select report_uk_week(created_at)::text as week, ${countColumns}, count(*) as count
          from contact_submissions group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
      ),
      sources: await read(
        sql`select week::text as week, ${sourceColumns}, count from report_week_sources order by 1, 2, 3, 4, 5, 6, 7, 8, 9`,
      ),
      recountedSources: await read(
        sql`select report_uk_week(created_at)::text as week, ${sourceColumns}, count(*) as count
          from contact_submissions group by 1, 2, 3, 4, 5, 6, 7, 8, 9 order by 1, 2, 3, 4, 5, 6, 7, 8, 9`,
      ),
    };
  }

  /**
   * The report with the figures kept since the last call equals the report
   * computed afresh: no change left a kept week's figures in use.
   */
  async function expectKeptFiguresExact() {
    const weeks = ukWeeksBetween(new Date("2026-08-31T00:00:00Z"), new Date());
    const withKept = await buildReport(database.db, weeks, LATER);
    await database.db.execute(sql`update report_week_figures set figures = null, figures_version = null`);
    expect(withKept).toEqual(await buildReport(database.db, weeks, LATER));
  }

  async function expectExact() {
    const { counts, recounted, sources, recountedSources } = await rollupAndRecount();
    expect(counts).toEqual(recounted);
    expect(sources).toEqual(recountedSources);
    await expectKeptFiguresExact();
    return { counts, sources };
  }

  it("names each UK week by its Monday's London date, as app/lib/uk-time.ts does, across both clock changes", async () => {
    const instants = [
      "2026-03-22T23:59:59Z", // Sunday before the clocks go forward, GMT
      "2026-03-23T00:00:00Z", // Monday 00:00 GMT
      "2026-03-29T00:59:59Z", // the changing Sunday, before 01:00 GMT
      "2026-03-29T01:00:00Z", // 02:00 BST
      "2026-03-29T22:59:59Z", // Sunday 23:59:59 BST
      "2026-03-29T23:00:00Z", // Monday 00:00 BST
      "2026-10-25T00:30:00Z", // 01:30 BST, the first of the repeated hour
      "2026-10-25T01:30:00Z", // 01:30 GMT, the second
      "2026-10-25T23:59:59Z", // Sunday 23:59:59 GMT
      "2026-10-26T00:00:00Z", // Monday 00:00 GMT
      "2026-10-18T22:59:59Z", // Sunday 23:59:59 BST
      "2026-10-18T23:00:00Z", // Monday 00:00 BST
      "2026-12-31T23:30:00Z", // a week across the new year
    ];
    const { rows } = await database.db.execute<{ week: string }>(
      sql`select report_uk_week(instant)::text as week
        from unnest(${`{${instants.join(",")}}`}::timestamptz[]) with ordinality as t(instant, n) order by n`,
    );
    expect(rows.map((row) => row.week)).toEqual(instants.map((instant) => ukWeekOf(new Date(instant)).key));
  });

  it("counts inquiries as the form, received mail and a bulk insert store them", async () => {
    await store("form@example.test");
    await store("mail@example.test", { source: "email", interest: null });
    await insertInquiries(
      database.db,
      demoInquiries({
        count: 60,
        from: new Date("2026-09-01T00:00:00Z"),
        to: new Date("2026-11-01T00:00:00Z"),
        spamShare: 0.2,
        desk: { ownerIds: [], unansweredShare: 0.3 },
      }),
    );
    const { counts } = await expectExact();
    expect(counts.reduce((sum, row) => sum + row.count, 0)).toBe(62);
    expect(new Set(counts.map((row) => row.week)).size).toBeGreaterThan(4);
  });

  it("follows replies, status changes, spam, held and release, and ignores other changes", async () => {
    await database.db.insert(user).values({ id: "ama", name: "Ama", email: "ama@example.test" });
    const { id } = await store("lead@example.test");
    await expectExact();
    await markRepliedOutside(database.db, { inquiryId: id, actorId: "ama" });
    const [replied] = await database.db
      .select({ status: contactSubmissions.status })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id));
    expect(replied?.status).toBe("contacted");
    await expectExact();
    await setInquiryStatus(database.db, { inquiryId: id, status: "qualified", actorId: "ama" });
    await expectExact();
    await setInquiryStatus(database.db, {
      inquiryId: id,
      status: "closed_lost",
      lostReason: "Went elsewhere",
      actorId: "ama",
    });
    await expectExact();
    // Later mail from the lead and the desk's answer: the week's response times move.
    await database.db.insert(inquiryMessages).values({
      inquiry_id: id,
      message_key: `later-${id}`,
      from_address: "lead@example.test",
      sent_at: new Date(),
      mailbox: "INBOX",
    });
    await expectExact();
    await database.db
      .insert(inquiryReplies)
      .values({ inquiry_id: id, to: "lead@example.test", subject: "Re", body: "b" });
    await expectExact();
    await setSpam(database.db, id, true, "ama");
    await expectExact();
    await setSpam(database.db, id, false, "ama");
    await expectExact();
    const held = await store("fast@example.test", { held: true });
    const before = await expectExact();
    expect(before.counts.some((row) => row.held === true)).toBe(true);
    await releaseInquiry(database.db, held.id, "ama", announce);
    const after = await expectExact();
    expect(after.counts.some((row) => row.held === true)).toBe(false);
    // Reading changes no figure: the rollup stays as it was.
    await markRead(database.db, id, "ama");
    expect((await expectExact()).counts).toEqual(after.counts);
  });

  it("follows a change of many rows in one statement, and leaves no combination at zero", async () => {
    await database.db
      .update(contactSubmissions)
      .set({ status: "qualified" })
      .where(sql`status = 'new'`);
    const { counts, sources } = await expectExact();
    expect(counts.some((row) => row.status === "new")).toBe(false);
    expect([...counts, ...sources].every((row) => row.count > 0)).toBe(true);
  });

  it("keeps nothing of a change that is rolled back", async () => {
    const before = await expectExact();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(contactSubmissions).values({ name: "N", email: "n@example.test", message: "m" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await expectExact()).counts).toEqual(before.counts);
  });

  it("counts inquiries stored at the same moment by several connections", async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, n) => store(`together-${n}@example.test`, { interest: "consultation" })),
    );
    await expectExact();
  });

  it("takes a deleted, erased or expired inquiry's counts and values away with it", async () => {
    const { id } = await store("gone@example.test");
    await deleteInquiry(database.db, id);
    await expectExact();

    await store("ama.mensah@example.test", { campaign: ONE_LEAD_CAMPAIGN });
    const holdsCampaign = async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from report_week_sources where utm_campaign = ${ONE_LEAD_CAMPAIGN}`,
        )
      ).rows[0]?.n;
    expect(await holdsCampaign()).toBe(1);
    await erasePersonalData(database.db, "ama.mensah@example.test", "all", {
      erasedBy: "ama",
      kind: "rights-request",
    });
    await expectExact();
    expect(await holdsCampaign()).toBe(0);

    // A lost reason is free text: erasing its lead takes it out of the kept figures too.
    const lost = await store("kofi@example.test");
    await setInquiryStatus(database.db, {
      inquiryId: lost.id,
      status: "closed_lost",
      lostReason: "Kofi Owusu moved to Kumasi",
      actorId: "ama",
    });
    await expectExact();
    const keptReason = async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from report_week_figures where figures::text like '%Kofi Owusu%'`,
        )
      ).rows[0]?.n;
    expect(await keptReason()).toBe(1);
    await erasePersonalData(database.db, "kofi@example.test", "all", {
      erasedBy: "ama",
      kind: "rights-request",
    });
    expect(await keptReason()).toBe(0);
    await expectExact();

    // Retention far in the future expires every inquiry: nothing of them stays.
    await runRetention(database.db, { now: new Date("2040-01-01T00:00:00Z"), siteUrl: announce.siteUrl });
    const { counts, sources } = await expectExact();
    expect([...counts, ...sources]).toEqual([]);
  });

  it("empties with a truncated table", async () => {
    await insertInquiries(
      database.db,
      demoInquiries({ count: 5, from: new Date("2026-01-01"), to: new Date("2026-02-01") }),
    );
    expect((await expectExact()).counts.length).toBeGreaterThan(0);
    await database.db.execute(sql`truncate contact_submissions cascade`);
    const { counts, sources } = await expectExact();
    expect([...counts, ...sources]).toEqual([]);
  });
});
