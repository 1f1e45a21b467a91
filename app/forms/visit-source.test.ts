import { describe, expect, it } from "vitest";
import { EMPTY_VISIT_SOURCE, readVisitSource, visitSourceFromRequest } from "~/forms/visit-source";

const SITE = ["volta.example.test"];
const contact = (query = "") => new URL(`https://volta.example.test/contact${query}`);

describe("where a visit began, from the contact page's own request", () => {
  it("arriving from another site: the contact page is the landing page and the other site the referrer", () => {
    expect(
      visitSourceFromRequest(
        contact("?utm_source=google&utm_medium=cpc&utm_campaign=gold"),
        "https://www.google.com/search?q=gold",
        SITE,
      ),
    ).toEqual({
      landing_page: "/contact",
      referrer_host: "www.google.com",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "gold",
    });
  });

  it("arriving directly: no referrer", () => {
    expect(visitSourceFromRequest(contact(), null, SITE)).toEqual({
      ...EMPTY_VISIT_SOURCE,
      landing_page: "/contact",
    });
  });

  it("arriving from a page of this site: that page and its campaign stand for the landing page's", () => {
    expect(
      visitSourceFromRequest(
        contact(),
        "https://volta.example.test/services/gold-intermediary?utm_source=newsletter&utm_campaign=autumn&email=a@b.test",
        SITE,
      ),
    ).toEqual({
      landing_page: "/services/gold-intermediary",
      referrer_host: null,
      utm_source: "newsletter",
      utm_medium: null,
      utm_campaign: "autumn",
    });
  });
});

describe("the hidden fields as submitted", () => {
  it("drops what does not fit rather than refusing the inquiry", () => {
    const form = new URLSearchParams({
      landing_page: "https://evil.example/phish",
      referrer_host: "not a host/with path",
      utm_source: "x".repeat(101),
      utm_medium: "line\nbreak",
      utm_campaign: "",
    });
    expect(readVisitSource(form)).toEqual({ ...EMPTY_VISIT_SOURCE, utm_medium: "line break" });
    expect(readVisitSource(new URLSearchParams())).toEqual(EMPTY_VISIT_SOURCE);
  });

  it("keeps a path without its query, and a host in lower case", () => {
    const form = new URLSearchParams({
      landing_page: "/equipment?email=a@b.test#x",
      referrer_host: "News.Example.ORG",
    });
    expect(readVisitSource(form)).toMatchObject({
      landing_page: "/equipment",
      referrer_host: "news.example.org",
    });
    expect(
      readVisitSource(new URLSearchParams({ landing_page: "//evil.example/x" })).landing_page,
    ).toBeNull();
  });
});
