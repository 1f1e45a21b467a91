import { useEffect, useRef, useState } from "react";
import { href, useFetcher, useFetchers, useLocation, useNavigation } from "react-router";

/** The server-sent events endpoint; it says only that something changed. */
const INBOX_EVENTS_PATH = href("/dashboard/events");

const LIVE_FETCHER_KEY = "inbox-live";

/**
 * Marks a live refresh's request, so a loader can tell it from the admin
 * opening the page: the inquiry page marks an inquiry read on opening, never on a
 * background refresh (which would undo another admin's "Mark as unread").
 */
export const LIVE_REFRESH_PARAM = "live";

function liveRefreshHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(LIVE_REFRESH_PARAM, "1");
  return `${pathname}?${params.toString()}`;
}

/**
 * Keeps the inbox current without a reload. On each change event the
 * dashboard's own loader runs again through a fetcher (it checks the admin
 * again); the root loader is left alone, as re-running it would clear a
 * toast the admin has not read yet. A refresh waits while the admin's own
 * navigation or submission is in flight, which brings fresh data anyway.
 * Returns the fresher of the page's data and the live data.
 */
export function useLiveInboxData<T extends { now: number }>(loaderData: T): T {
  const location = useLocation();
  const navigation = useNavigation();
  const live = useFetcher({ key: LIVE_FETCHER_KEY });
  const others = useFetchers().filter((fetcher) => fetcher.key !== LIVE_FETCHER_KEY);
  const busy = navigation.state !== "idle" || others.some((fetcher) => fetcher.state !== "idle");
  const href = location.pathname + location.search;
  const state = useRef({ busy, stale: false, refresh: () => {} });
  // A refresh started for another view (the admin navigated meanwhile) must not replace this one.
  const [liveHref, setLiveHref] = useState<string | null>(null);

  useEffect(() => {
    state.current.busy = busy;
    state.current.refresh = () => {
      setLiveHref(href);
      void live.load(liveRefreshHref(location.pathname, location.search));
    };
    if (!busy && state.current.stale) {
      state.current.stale = false;
      state.current.refresh();
    }
  }, [busy, href, live, location.pathname, location.search]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(INBOX_EVENTS_PATH);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scheduleRefresh = () => {
      // Bursts (a batch of changes) become one refresh.
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (state.current.busy) state.current.stale = true;
        else state.current.refresh();
      }, 250);
    };
    source.addEventListener("inbox", scheduleRefresh);
    // Changes made while no stream was open (between the page's render and
    // this connection, or during a reconnect) sent events nobody heard.
    source.addEventListener("open", scheduleRefresh);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);

  // Both come from the same loader, decoded the same way.
  const fresh = live.data as T | undefined;
  return fresh && liveHref === href && fresh.now > loaderData.now ? fresh : loaderData;
}
