import type { CssIconName } from "../components/css-icons";

/** A page of the admin workspace, as its navigation lists it. */
export interface WorkspaceNavEntry {
  label: string;
  /** A path under /dashboard, with a query for a view of the inbox. */
  to: string;
  icon?: CssIconName;
  /** A count beside the link, from the layout's loader. */
  count?: "unread" | "held" | "dueFollowUps";
}

/** The workspace's navigation, in display order, for the side bar and the phone's menu. */
export const workspaceNavigation: readonly WorkspaceNavEntry[] = [
  { label: "Inbox", to: "/dashboard", icon: "mail", count: "unread" },
  { label: "Held/Spam", to: "/dashboard?status=held", icon: "shield-alert", count: "held" },
  { label: "Follow-ups", to: "/dashboard/follow-ups", icon: "phone", count: "dueFollowUps" },
  { label: "Templates", to: "/dashboard/templates", icon: "message" },
  { label: "Catalogue", to: "/dashboard/equipment", icon: "building" },
  { label: "Reports", to: "/dashboard/reports", icon: "dashboard" },
  { label: "Team mailboxes", to: "/dashboard/mailboxes", icon: "mail-open" },
  { label: "Privacy requests", to: "/dashboard/privacy", icon: "shield-check" },
];

export const workspaceCopy = {
  navLabel: "Workspace",
  menu: "Menu",
  savedViewsHeading: "Saved views",
  noSavedViews: "No saved views yet.",
  siteLink: "View site",
  signOut: "Sign Out",
  account: "Account",
} as const;
