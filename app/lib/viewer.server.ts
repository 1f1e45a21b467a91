/**
 * Who is looking at the page, as the header and guards need it. Until
 * accounts land (issue "Accounts and roles"), every visitor is anonymous.
 * It must not touch the database for requests without a session cookie:
 * prerendering runs it at build time.
 */
export interface Viewer {
  user: { id: string; name: string; email: string } | null;
  isAdmin: boolean;
}

export async function getViewer(_request: Request): Promise<Viewer> {
  return { user: null, isAdmin: false };
}
