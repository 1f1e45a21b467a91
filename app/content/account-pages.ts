import { brandTitle, company } from "./company";
import type { PageMeta } from "./types";

export const authPage = {
  meta: {
    title: brandTitle("Sign In or Create an Account"),
    description: `Sign in to your ${company.brandName} account or create a new one, with a password or a passkey and, if you choose, a second factor.`,
  } satisfies PageMeta,
  title: "Welcome",
  subtitle:
    "Sign in to your account or create a new one. An account with the verified address you wrote to us from lists your inquiries: follow each one, answer our team and upload the documents we ask for.",
  tabs: { signIn: "Sign In", signUp: "Sign Up" },
  labels: {
    fullName: "Full Name",
    email: "Email",
    password: "Password",
    confirmPassword: "Confirm Password",
  },
  buttons: {
    signIn: "Sign In",
    signingIn: "Signing in...",
    signUp: "Create Account",
    creatingAccount: "Creating Account...",
  },
  messages: {
    signInSuccess: "Signed in successfully!",
    /**
     * Shown whether or not the address already had an account (the mail sent
     * differs; the page must not tell a stranger which): neutral words, not
     * the spec's "Account created successfully!" (docs/decisions/072).
     */
    signUpSuccess:
      "Thank you. Please check your email: we have sent a message to that address with the next step.",
    signInFailed: "Sign in failed",
    signUpFailed: "Sign up failed",
    passwordsDoNotMatch: "Passwords do not match",
    passwordTooShort: "Password must be at least 6 characters",
  },
  minPasswordLength: 6,
  /** Under the sign-up form: "How we handle your account data: see our Privacy Policy." */
  privacyLink: {
    before: "How we handle your account data: see our",
    label: "Privacy Policy",
    href: "/privacy",
  },
};

export const dashboardPage = {
  meta: {
    title: brandTitle("Admin Dashboard"),
    description: `Administrator inbox for reviewing ${company.brandName} contact form submissions, marking them as read and keeping private notes.`,
  } satisfies PageMeta,
  title: "Admin Dashboard",
  totalLabel: (count: number): string => `${count} total submission${count === 1 ? "" : "s"}`,
  loading: "Loading submissions...",
  empty: "No submissions yet.",
  unreadBadge: "Unread",
  actions: {
    markAsRead: "Mark as Read",
    replyByEmail: "Reply via Email",
    whatsapp: "WhatsApp",
    addNotes: "Add Notes",
    editNotes: "Edit Notes",
    save: "Save",
    cancel: "Cancel",
  },
  notesLabel: "Admin Notes",
  notesPlaceholder: "Add private notes about this inquiry...",
  messages: {
    markedAsRead: "Marked as read",
    notesSaved: "Notes saved",
    fetchFailed: (message: string): string => `Failed to fetch submissions: ${message}`,
  },
};

export const notFoundPage = {
  meta: {
    title: brandTitle("Page Not Found"),
    description: "The page you are looking for could not be found.",
  } satisfies PageMeta,
  code: "404",
  message: "Oops! Page not found",
  homeLink: { label: "Return to Home", href: "/" },
};
