import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "~/forms/auth";

/** Apps show codes as "123 456" or "12 34 56": spaces are dropped, and the limit leaves room for them. */
const TOTP_CODE_MAX_LENGTH = 11;
const BACKUP_CODE_MAX_LENGTH = 11;
export const twoFactorMessages = {
  codeInvalid: "Enter the 6-digit code from your authenticator app",
  backupCodeInvalid: "Enter one of your backup codes, like abcde-12345",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongBackupCode: "That backup code is not right, or it has been used already.",
  codeUsed: "That code has been used already. Wait for the next code in your authenticator app.",
  needsSecondFactor:
    "Sign in with your authenticator code, a backup code or a passkey to change two-factor settings.",
} as const;

export const TotpCodeSchema = z.object({
  code: z
    .string({ error: twoFactorMessages.codeInvalid })
    .trim()
    .max(TOTP_CODE_MAX_LENGTH, twoFactorMessages.codeInvalid)
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.codeInvalid)),
});

export const BackupCodeSchema = z.object({
  code: z
    .string({ error: twoFactorMessages.backupCodeInvalid })
    .trim()
    .max(BACKUP_CODE_MAX_LENGTH, twoFactorMessages.backupCodeInvalid)
    .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, twoFactorMessages.backupCodeInvalid)
    // Codes are issued as "abcde-12345"; the hyphen may be left out.
    .transform((value) => (value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`)),
});

export const PasswordConfirmSchema = z.object({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX_LENGTH),
});
