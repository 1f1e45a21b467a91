import { useEffect, useRef, useState } from "react";
import { href, useFetcher, useFetchers, useLocation, useNavigation } from "react-router";

/** The server-sent events endpoint; it says only that something changed. */
const INBOX_EVENTS_PATH = href("/dashboard/events");

const LIVE_FETCHER_KEY = "inbox-live";

/** Marks a background refresh, which must not mark an inquiry read (undoing another admin's "Mark as unread"). */
export const LIVE_REFRESH_PARAM = "live";

/**
 * On each change event the page's own loader runs again through a fetcher; the root loader is left
 * alone, as re-running it would clear an unread toast. A refresh waits while the admin's own navigation
 * or submission is in flight. Returns the fresher of the page's data and the live data.
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
      const params = new URLSearchParams(location.search);
      params.set(LIVE_REFRESH_PARAM, "1");
      void live.load(`${location.pathname}?${params.toString()}`);
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
    // Changes made while no stream was open (before this connection, or during a reconnect) went unheard.
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
