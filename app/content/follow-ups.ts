/**
 * Follow-ups: the team works in UK time, so a follow-up's date and time is
 * entered and shown in Europe/London (GMT or BST as the date falls),
 * whatever the admin's own device is set to. The UI says so.
 */
export const FOLLOW_UP_TIME_ZONE_LABEL = "UK time";
export const FOLLOW_UP_TEXT_MAX_LENGTH = 200;
/** The follow-ups page lists what is due within this many days as "upcoming". */
export const FOLLOW_UP_UPCOMING_DAYS = 7;
