import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { parseInboxFilter } from "~/forms/inbox";
import { attributesOf, elementOf, elementsOf, textOf } from "../../tests/support/markup";
import type { Route } from "./+types/dashboard";
import Dashboard, { meta } from "~/routes/dashboard";

type LoaderData = Route.ComponentProps["loaderData"];
type Row = LoaderData["rows"][number];
type Card = LoaderData["items"][number];

const NOW = Date.parse("2030-03-04T12:00:00Z");
const hoursAgo = (hours: number) => NOW - hours * 3_600_000;
const KWAME_ID = "1e90216d-0000-4000-8000-000000000001";

function inbox(url: string, data: Partial<LoaderData> = {}): LoaderData {
  const rows = data.rows ?? [];
  const items = data.items ?? [];
  const total = rows.length + items.length;
  return {
    layout: "list",
    viewerId: "admin-ada",
    filter: parseInboxFilter(new URL(url, "http://desk.test").searchParams),
    now: NOW,
    rows,
    items,
    total,
    unread: 0,
    page: 1,
    pageCount: 1,
    pageSize: 50,
    asOf: null,
    metrics: {
      windowDays: 30,
      received: 4,
      answered: 3,
      medianFirstReplyMs: 95 * 60_000,
      due: 4,
      answeredWithinPromise: 3,
      shareWithinPromise: 0.75,
    },
    admins: [{ id: "admin-ada", name: "Ada Admin" }],
    spamCounts: { held: 1, spam: 2 },
    ...data,
  };
}

/** The inbox as the admin's browser gets it from the server, at `url`. */
function render(url: string, data: Partial<LoaderData> = {}): string {
  const Stub = createRoutesStub([{ id: "dashboard", path: "/dashboard", Component: Dashboard }]);
  return renderToStaticMarkup(
    <Stub initialEntries={[url]} hydrationData={{ loaderData: { dashboard: inbox(url, data) } }} />,
  );
}

const ROWS: Row[] = [
  {
    id: "2b000000-0000-4000-8000-000000000003",
    name: "Yaw Boateng",
    company: "Boateng Plant Hire",
    interest: "equipment-rental",
    dealSize: "500k-1m",
    status: "qualified",
    createdAt: hoursAgo(1),
    firstRepliedAt: hoursAgo(0.5),
    lastFrom: "us",
  },
  {
    id: "2b000000-0000-4000-8000-000000000002",
    name: "Ama Owusu",
    interest: "gold-buying",
    dealSize: "over-5m",
    status: "contacted",
    owner: "Ada Admin",
    createdAt: hoursAgo(21),
    lastFrom: "them",
  },
  {
    id: KWAME_ID,
    name: "Kwame Mensah",
    company: "Ashanti Minerals Ltd",
    interest: "gold-selling",
    dealSize: "under-100k",
    status: "new",
    createdAt: hoursAgo(30),
    unread: true,
    lastFrom: "them",
  },
];

/** Each row's cells, as text. */
const cells = (html: string) =>
  elementsOf(html, "tr").map((row) =>
    [...row.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/g)].map((cell) => textOf(cell[1]!)),
  );
/** The attributes of the bulk selection's boxes. */
const boxes = (html: string) =>
  [...html.matchAll(/<input [^>]*name="ids"[^>]*>/g)].map((box) => attributesOf(box[0]));

describe("the inbox's list", () => {
  const html = render("/dashboard", { rows: ROWS, unread: 1 });

  it("shows a row per lead: reference, lead, interest, deal size, status, owner, age with its mark, last message", () => {
    const [head, ...rows] = cells(html);
    expect(head).toEqual([
      "Select",
      "Reference",
      "Lead",
      "Interest",
      "Deal size",
      "Status",
      "Owner",
      "Age",
      "Last message",
    ]);
    expect(rows).toEqual([
      [
        "",
        "VM-2B000000",
        "Yaw BoatengBoateng Plant Hire",
        "Equipment Rental",
        "$500,000 – $1 million",
        "Qualified",
        "Unassigned",
        "1 hour ago",
        "Ours",
      ],
      [
        "",
        "VM-2B000000",
        "Ama Owusu",
        "Gold Buying",
        "Over $5 million",
        "Contacted",
        "Ada Admin",
        "21 hours agoDue soon",
        "Theirs",
      ],
      [
        "",
        "VM-1E90216D",
        "Kwame MensahUnreadAshanti Minerals Ltd",
        "Gold Selling",
        "Under $100,000",
        "New",
        "Unassigned",
        "1 day agoOverdue",
        "Theirs",
      ],
    ]);
    expect(html).toContain(`<a href="/dashboard/inquiries/${KWAME_ID}"`);
  });

  it("marks the unread rows, for the eye and for the keyboard island", () => {
    const rows = elementsOf(html, "tr").filter((row) => row.startsWith("<tr data-row"));
    expect(rows.map((row) => row.includes('data-unread="true"'))).toEqual([false, false, true]);
    expect(textOf(elementOf(html, "header", 'class="inbox-head"'))).toContain(
      "3 total submissions · 1 unread · 1 held for review · 2 spam",
    );
    expect(textOf(elementOf(html, "section", 'aria-label="Reply times"'))).toBe(
      "Median first reply (30 days): 1 h 35 minAnswered within 24 hours: 75% (3 of 4)",
    );
  });

  it("puts the rows' boxes in the bulk form, its bar after them, and no box ticked on opening", () => {
    const form = elementOf(html, "form", 'aria-label="Bulk actions"');
    expect(attributesOf(form)).toMatchObject({ id: "bulk", method: "post", action: "/dashboard/bulk" });
    expect(form.indexOf("<table")).toBeLessThan(form.indexOf('class="bulk-bar"'));
    expect(boxes(form).map((box) => [box.type, "checked" in box, "form" in box])).toEqual(
      Array(3).fill(["checkbox", false, false]),
    );
    expect(textOf(elementOf(form, "fieldset", ""))).toBe(
      "Which inquiries Selected All 3 matching this filter",
    );
  });

  it("ticks again the boxes of a refused bulk action's selection, so the bar shows", () => {
    const refused = render(`/dashboard?selected=${KWAME_ID}`, { rows: ROWS });
    expect(boxes(refused).filter((box) => "checked" in box)).toEqual([
      expect.objectContaining({ value: KWAME_ID }),
    ]);
  });
});

/** The texts of a list's items. */
const items = (list: string) => elementsOf(list, "li").map(textOf);
/** The text of a disclosure's own summary. */
const summary = (details: string) => textOf(elementsOf(details, "summary")[0]!);

describe("the inbox's bar", () => {
  it("shows the search and the status tabs; the rarer filters and the view wait behind More filters", () => {
    const html = render("/dashboard?status=unread&q=gold");
    const bar = elementOf(html, "div", 'class="inbox-filters"');
    const search = elementOf(bar, "form", 'role="search"');
    expect(attributesOf(search)).toMatchObject({ id: "inbox-filter", method: "get" });
    expect(search).toContain('<input type="hidden" name="status" value="unread"/>');
    expect(search).toMatch(/<input [^>]*type="search"[^>]*name="q" value="gold"\/>/);
    const tabs = elementOf(bar, "nav", 'aria-label="Inquiry status"');
    expect(items(tabs)).toEqual([
      "All (not spam)",
      "Unread",
      "Read",
      "Awaiting reply",
      "Held for review",
      "Spam",
    ]);
    expect(tabs).toContain(
      '<a aria-current="page" class="inbox-tab" href="/dashboard?status=unread&amp;q=gold"',
    );

    const more = elementOf(bar, "details", 'class="inbox-more"');
    expect(attributesOf(more)).not.toHaveProperty("open");
    expect(summary(more)).toBe("More filters");
    expect(elementsOf(more, "select").map(attributesOf)).toEqual([
      expect.objectContaining({ name: "interest", form: "inbox-filter" }),
      expect.objectContaining({ name: "dealSize", form: "inbox-filter" }),
    ]);
    const apply = elementsOf(more, "button").find((button) => textOf(button) === "Apply")!;
    expect(attributesOf(apply)).toMatchObject({ type: "submit", form: "inbox-filter" });
    const owner = elementOf(more, "nav", 'aria-labelledby="inbox-owner-label"');
    expect(owner).toContain('<span id="inbox-owner-label">Owner</span>');
    expect(items(owner)).toEqual(["Anyone", "Mine", "Unassigned"]);
    const sort = elementOf(more, "nav", 'aria-labelledby="inbox-sort-label"');
    expect(sort).toContain('<span id="inbox-sort-label">Sort by</span>');
    expect(items(sort)).toEqual(["Received", "Last activity", "Deal size", "Status"]);
    expect(elementOf(more, "form", 'aria-labelledby="inbox-layout-label"')).toMatch(
      /action="\/dashboard\/layout" method="post"/,
    );
    expect(elementOf(more, "form", 'aria-label="Save this view"')).toMatch(
      /action="\/dashboard\/views" method="post"/,
    );
    expect(more).toContain('href="/dashboard/export.csv?status=unread&amp;q=gold" download=""');
  });

  it("opens More filters, with their count, while one of them narrows the view or a sort orders it", () => {
    const narrowed = render("/dashboard?interest=consultation&owner=mine");
    const more = elementOf(narrowed, "details", 'class="inbox-more"');
    expect(attributesOf(more)).toHaveProperty("open");
    expect(summary(more)).toBe("More filters (2)");
    expect(more).toMatch(/<option value="consultation" selected="">/);
    expect(more).toContain('<a aria-current="page" href="/dashboard?interest=consultation&amp;owner=mine"');
    // The search keeps the owner it does not show.
    expect(elementOf(narrowed, "form", 'role="search"')).toContain('name="owner" value="mine"');

    const sorted = elementOf(render("/dashboard?sort=deal"), "details", 'class="inbox-more"');
    expect(attributesOf(sorted)).toHaveProperty("open");
    expect(summary(sorted)).toBe("More filters");
  });
});

describe("an empty inbox", () => {
  it("says so, with the total, and no bulk bar", () => {
    const html = render("/dashboard");
    expect(textOf(elementOf(html, "section", 'aria-label="Submissions"'))).toBe("No submissions yet.");
    expect(textOf(elementOf(html, "span", 'data-testid="inbox-total"'))).toBe("0 total submissions");
    expect(html).not.toContain("Bulk actions");
  });

  it("says a filtered view matches nothing", () => {
    const html = render("/dashboard?dealSize=over-5m");
    expect(textOf(elementOf(html, "section", 'aria-label="Submissions"'))).toBe(
      "No submissions match this view.",
    );
    expect(textOf(elementOf(html, "header", 'class="inbox-head"'))).toContain(
      "0 total submissions in this view",
    );
  });

  it("has the plain title; with unread leads the title counts them", () => {
    const title = (unread: number) =>
      meta({ matches: [], loaderData: inbox("/dashboard", { unread }) } as unknown as Route.MetaArgs).find(
        (descriptor) => "title" in descriptor,
      );
    expect(title(0)).toEqual({ title: expect.stringMatching(/^Admin Dashboard/) });
    expect(title(2)).toEqual({ title: expect.stringMatching(/^\(2\) Admin Dashboard/) });
  });
});

const CARDS: Card[] = [
  {
    id: "3c000000-0000-4000-8000-000000000001",
    name: "Kwame Mensah",
    company: "Ashanti Minerals Ltd",
    email: "kwame@ashanti.test",
    phone: "+233 20 123 4567",
    whatsapp: "+233 (20) 123-4567",
    interest: "gold-selling",
    dealSize: "confidential",
    message: "First line\nSecond line",
    status: "new",
    createdAt: hoursAgo(30),
    awaitingSince: hoursAgo(30),
  },
  {
    id: "3c000000-0000-4000-8000-000000000002",
    name: "<script>window.__pwned = 1</script><b>Bold</b>",
    company: "<img src=x onerror=alert(1)>",
    email: "markup@example.test",
    phone: "<b>+44</b> 20 7946 0000",
    interest: "consultation",
    dealSize: "<em>huge</em>",
    message: "<i>not italic</i> & <a href='x'>link</a>",
    adminNotes: "<em>note markup</em>",
    status: "contacted",
    owner: "Ada Admin",
    createdAt: hoursAgo(21),
    readAt: hoursAgo(20),
    readByName: "Ada Admin",
    awaitingSince: hoursAgo(21),
  },
  {
    id: "3c000000-0000-4000-8000-000000000003",
    name: "Lena Lead",
    email: "lena@lead.test",
    message: "Hello.",
    status: "new",
    createdAt: hoursAgo(0.5),
    awaitingSince: hoursAgo(0.5),
  },
];

describe("the inbox's cards", () => {
  const html = render("/dashboard", { layout: "cards", items: CARDS });
  const card = (name: string) => {
    const found = elementsOf(html, "article").filter(
      (article) => textOf(elementOf(article, "h2", "")) === name,
    );
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it("shows every detail of a card, with the labels of stored values and links to answer", () => {
    const kwame = card("Kwame Mensah");
    for (const text of [
      "Unread",
      "Ashanti Minerals Ltd",
      "kwame@ashanti.test",
      "+233 20 123 4567",
      "+233 (20) 123-4567",
      "Gold Selling",
      "Prefer to discuss",
      "1 day ago",
      "First line Second line",
    ]) {
      expect(textOf(kwame)).toContain(text);
    }
    expect(kwame).toContain(
      `href="mailto:kwame@ashanti.test?subject=${encodeURIComponent("Re: your Gold Selling inquiry to Volta Meridian")}"`,
    );
    expect(kwame).toContain('href="https://wa.me/233201234567"');
    expect(card("<script>window.__pwned = 1</script><b>Bold</b>")).not.toContain("https://wa.me/");
  });

  it("shows status, owner, who wrote last and the deadline on each card's desk line", () => {
    const deskLine = (name: string) =>
      textOf(elementsOf(card(name), "p").find((line) => line.includes('name="ids"'))!);
    expect(deskLine("Kwame Mensah")).toBe("New · Unassigned · Last: theirsOverdueOpen lead");
    expect(deskLine("<script>window.__pwned = 1</script><b>Bold</b>")).toBe(
      "Contacted · Ada Admin · Last: theirsDue soonOpen lead",
    );
    expect(deskLine("Lena Lead")).toBe("New · Unassigned · Last: theirsOpen lead");
  });

  it("renders markup in every field and in the notes as text", () => {
    const markup = card("<script>window.__pwned = 1</script><b>Bold</b>");
    for (const text of [
      "<img src=x onerror=alert(1)>",
      "<i>not italic</i> & <a href='x'>link</a>",
      "<em>note markup</em>",
    ]) {
      expect(textOf(markup)).toContain(text);
    }
    for (const tag of ["<script", "<img", "<em>", "<i>", "<b>"]) expect(markup).not.toContain(tag);
    expect(markup).not.toContain('href="x"');
  });

  it("has the bulk form after the cards, which join it by their boxes", () => {
    const form = elementOf(html, "form", 'aria-label="Bulk actions"');
    expect(attributesOf(form)).toMatchObject({
      id: "bulk",
      method: "post",
      action: "/dashboard/bulk",
      class: "bulk-bar",
    });
    expect(html.indexOf("<article")).toBeLessThan(html.indexOf('aria-label="Bulk actions"'));
    expect(boxes(html).map((box) => box.form)).toEqual(["bulk", "bulk", "bulk"]);
  });
});
