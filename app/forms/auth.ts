import { safeRedirect } from "remix-utils/safe-redirect";
import { z } from "zod";
import { authPage } from "~/content/account-pages";
import { requiredText, stripSingleLineControls } from "~/forms/single-line";

/** The account forms' rules: the browser checks them first, the server again. */
export const PASSWORD_MIN_LENGTH = authPage.minPasswordLength;
export const PASSWORD_MAX_LENGTH = 128;
/** Asked for once the account is an admin, never at sign-up or reset (docs/decisions/024). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const adminPasswordMessages = {
  needsLonger: `Administrator accounts need a password of at least ${ADMIN_PASSWORD_MIN_LENGTH} characters. Set a new one under Change password; if yours is that long already, sign out and sign in again. The dashboard opens after that.`,
  notice: `The dashboard stays closed until your password has at least ${ADMIN_PASSWORD_MIN_LENGTH} characters: set a new one here (or, if yours is that long already, sign out and sign in again).`,
} as const;

export const authMessages = {
  passwordsDoNotMatch: authPage.messages.passwordsDoNotMatch,
  passwordTooShort: authPage.messages.passwordTooShort,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  // Checked on the server after the spec's two checks.
  passwordTooWeak: "Password is too common or easy to guess. Try a longer one, e.g. several unrelated words",
  adminPasswordTooShort: `Admin passwords must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
  passwordRequired: "Password is required",
  confirmRequired: "Please confirm your password",
  emailInvalid: "Enter a valid email address",
  fullNameRequired: "Full name is required",
  fullNameTooLong: "Full name must be at most 100 characters",
} as const;

const EmailSchema = z
  .string({ error: authMessages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, authMessages.emailInvalid)
  .pipe(z.email({ error: authMessages.emailInvalid }));

const PasswordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

const newPassword = {
  password: PasswordSchema,
  confirmPassword: z
    .string({ error: authMessages.confirmRequired })
    .min(1, authMessages.confirmRequired)
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
};

/** The spec's order: a mismatch is reported first, then the length. */
function checkNewPassword(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: authMessages.passwordsDoNotMatch });
    return;
  }
  if (value.password.length < PASSWORD_MIN_LENGTH) {
    ctx.addIssue({ code: "custom", path: ["password"], message: authMessages.passwordTooShort });
  }
}

export const SignInSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
});

export const SignUpSchema = z
  .object({
    fullName: z
      .string({ error: authMessages.fullNameRequired })
      .overwrite(stripSingleLineControls)
      .trim()
      .min(1, authMessages.fullNameRequired)
      .max(100, authMessages.fullNameTooLong),
    email: EmailSchema,
    ...newPassword,
  })
  .superRefine(checkNewPassword);

export const EmailOnlySchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    ...newPassword,
  })
  .superRefine(checkNewPassword);

export const ChangePasswordSchema = z
  .object({
    currentPassword: PasswordSchema,
    ...newPassword,
  })
  .superRefine(checkNewPassword);

export const EndSessionSchema = z.object({
  id: requiredText("No session was chosen.", 100),
});

/** `path`, with `redirectTo` in its query unless that is empty or the home page. */
export const withRedirectTo = (path: string, redirectTo: string) =>
  redirectTo && redirectTo !== "/" ? `${path}?${new URLSearchParams({ redirectTo }).toString()}` : path;

/**
 * A path on this site, else `fallback`. remix-utils' `safeRedirect` checks the text as given, so it is
 * applied again to the normalised path the browser follows: `/.//evil.com` normalises to `//evil.com`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  // A sentinel no path can equal: tells "refused" apart from a fallback of "/".
  const refused = "\u0000";
  if (safeRedirect(value, refused) !== value) return fallback;
  const base = "http://site.invalid";
  try {
    const url = new URL(value, base);
    const path = url.pathname + url.search + url.hash;
    if (url.origin !== base || safeRedirect(path, refused) !== path) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
