import { parseInboxFilter } from "~/forms/inbox";
import { type AppContext, databaseContext } from "~/lib/context.server";
import { guardedUser } from "~/lib/http/guards.server";
import { countDueFollowUps } from "~/lib/inquiries/follow-ups.server";
import { countInquiries, countSpamAndHeldOnce, countUnreadOnce } from "~/lib/inquiries/counts.server";
import { logger } from "~/lib/ops/logger.server";
import { listSavedViews } from "~/lib/workspace/saved-views.server";
import type { WorkspaceData } from "~/lib/workspace/workspace-data";

/**
 * The frame's numbers and saved views. The frame is not worth failing a
 * page for: without the database it shows no counts and no views, and the
 * page's own loader reports the failure.
 */
export async function loadWorkspace(context: AppContext): Promise<WorkspaceData> {
  const user = guardedUser(context);
  const { db } = context.get(databaseContext);
  const data: WorkspaceData = { userName: user.name || user.email, views: [] };
  try {
    const [unread, trapped, dueFollowUps, views] = await Promise.all([
      countUnreadOnce(context),
      countSpamAndHeldOnce(context),
      countDueFollowUps(db, { now: new Date() }),
      listSavedViews(db, user.id),
    ]);
    data.unread = unread;
    data.held = trapped.held;
    data.dueFollowUps = dueFollowUps;
    const counts = await Promise.all(
      views.map((view) => countInquiries(db, parseInboxFilter(new URLSearchParams(view.query)), user.id)),
    );
    data.views = views.map((view, index) => ({ ...view, count: counts[index] }));
  } catch (error) {
    logger.warn({ err: error }, "could not load the workspace's counts and views");
  }
  return data;
}
