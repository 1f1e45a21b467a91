import { createContext } from "react";
import type { InboxRow } from "~/lib/inbox/inbox-row";

/**
 * The list's rows for the server's render of a document, beside the
 * loader's data rather than in it: what is in the data is sent again, for
 * hydration, after the HTML (entry.server.tsx provides it; null in the
 * browser and for data requests).
 */
export const DocumentRowsContext = createContext<InboxRow[] | null>(null);
