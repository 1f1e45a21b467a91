/** What the workspace frame shows: from the dashboard layout's loader. */
export interface WorkspaceView {
  id: string;
  name: string;
  query: string;
  shared: boolean;
  own: boolean;
  /** Inquiries in the view now; absent when it could not be counted. */
  count?: number;
}

export interface WorkspaceData {
  userName: string;
  /** Unread inquiries outside spam; absent when they could not be counted. */
  unread?: number;
  /** Held for review; absent when it could not be counted. */
  held?: number;
  /** Follow-ups due by the end of today (UK time), overdue included. */
  dueFollowUps?: number;
  views: WorkspaceView[];
}
