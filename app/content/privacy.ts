import { brandTitle, company } from "./company";
import { authLinks } from "./auth-links";
import { formatRate, mailLimits } from "./mail-limits";
import { kycRetentionText } from "./kyc-retention";
import { type RetentionConfig, retention } from "./retention";
import { type LegalDocument, list, paragraph } from "./types";

/** Recorded on each inquiry sent while in force; change it with every revision, with `lastUpdated`. */
export const PRIVACY_NOTICE_VERSION = "2026-11-28.3";

/** requireAdminMiddleware enforces a second factor for admins; turn this off only in the change that stops it. */
export const ADMIN_STRONG_AUTHENTICATION = true;

/** contact_submissions' landing_page, referrer_host and utm_* columns (decision 053). */
export const VISIT_SOURCE_NOTICE =
  "how you found us: the first page of your visit to our site (its address without anything after a question mark), the name of the website that sent you there, such as www.google.com (never the page on it), and the campaign tags of the link you followed (utm_source, utm_medium and utm_campaign), so that we can tell which pages and campaigns bring inquiries; we keep these with your inquiry, for as long as the inquiry";

export const VISIT_STORAGE_NOTICE =
  "We store nothing on your device to note how you found us: when you open our contact form, our server reads it from that request (the page of ours or the website you came from, and the campaign tags in the link), and it is kept only if you send the form.";

/** What the desk keeps of WhatsApp (the channel of docs/whatsapp.md); true whether the channel is connected or not. */
const WHATSAPP_DESK_NOTICE =
  "When our WhatsApp business number is connected to this website, a message you send it is filed with your inquiry like an email (or starts one, with your number and WhatsApp profile name), together with the files you send and the delivery and read receipts of our replies, and we answer the first message with its reference number.";

/** React Router's scroll restoration, on the pages that run the framework's script. */
export const SCROLL_STORAGE_NOTICE =
  "The sign-in and account pages (and our team’s desk) run a script that lets your browser keep, in its session storage, where you had scrolled to on the pages you visited in that tab, so that going back returns you to the same place; it is never sent to us and the browser deletes it when you close the tab. No other page stores anything on your device.";

/** Set by app/lib/auth/totp-enrolment.server.ts; the privacy test holds the two to the same name and lifetime. */
export const BACKUP_CODES_COOKIE = { name: "backup_codes_once", lifetimeMinutes: 5 } as const;

const privacyEmail = company.emails.privacy.address;

const months = (count: number) => `${count} month${count === 1 ? "" : "s"}`;
const days = (count: number) => `${count} day${count === 1 ? "" : "s"}`;
const hours = (count: number) => `${count} hour${count === 1 ? "" : "s"}`;
const years = (count: number) => `${count} year${count === 1 ? "" : "s"}`;

/** server/request-log.ts and nginx's default access log; deploy/journald and deploy/logrotate keep them. */
export function serverLogNotice(config: RetentionConfig): string {
  return `When your browser asks our website for a page, our servers log the request: your IP address, the time, the page asked for and the answer given. The web server in front of our website also logs the full address asked for (including anything after a question mark), the page that linked to it and your browser’s user agent. We use these logs to keep the website working and secure and to investigate faults and abuse, and delete each line at the latest ${days(config.serverLogDays)} after it was written.`;
}

/** Every period comes from `config`, which the retention job and the session lifetime read too. */
export function buildPrivacyPage(config: RetentionConfig): LegalDocument {
  const sweep = `within ${hours(config.jobIntervalHours)}`;
  const serverLogs = serverLogNotice(config);
  return {
    meta: {
      title: brandTitle("Privacy Policy"),
      description: `How ${company.legalName} collects, uses, stores and protects personal data from inquiries and accounts under UK GDPR, and how to exercise your rights.`,
    },
    title: "Privacy Policy",
    lastUpdated: "28 November 2026",
    intro: `This notice explains how ${company.legalName} (“${company.brandName}”, “we”, “us”) handles personal data when you use this website, send us an inquiry or create an account. We process personal data in accordance with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
    sections: [
      {
        id: "controller",
        heading: "1. Who we are",
        blocks: [
          paragraph(
            `${company.legalName} is the data controller for the personal data described in this notice. We are registered in ${company.registration.jurisdiction} under company number ${company.registration.companyNumber}, and our registered office is at ${company.address.singleLine}.`,
          ),
          paragraph(
            `For any privacy question, request or complaint, email ${privacyEmail}, call ${company.phone.display} or write to us at the address above, marking your letter “Data Protection”.`,
          ),
        ],
      },
      {
        id: "data-we-collect",
        heading: "2. The personal data we collect",
        blocks: [
          paragraph("When you send an inquiry through our contact form we collect:"),
          list([
            "your name, and optionally your company",
            "your email address, and optionally your phone and WhatsApp numbers",
            "your area of interest and, optionally, your expected deal size",
            "the content of your message, and which version of this notice was in force when you sent it",
            "if you ask to rent or buy a machine from our equipment pages: the machine, the hire dates and the site location you give, and the price estimate we showed you",
            "your IP address, used to limit repeated submissions and prevent spam (our server logs also record it: see below)",
            VISIT_SOURCE_NOTICE,
            "notes our team adds to your inquiry while handling it, follow-up reminders it sets itself (such as when to call you back), and replies to you that it is still drafting",
            "the emails we send about your inquiry: our acknowledgement to you, our notification to our team and our replies to you",
            "a record of how our team handled your inquiry: who in our team it is assigned to, its status, when we replied and what was done, by whom and when",
          ]),
          paragraph("When you create an account or sign in we collect:"),
          list([
            "your full name and email address",
            "your password, which is stored only as a one-way cryptographic hash and never in readable form",
            "for each session (each device you are signed in on): the IP address and the browser’s user agent it was started from, and when it was created, last used and expires; the browser keeps a session cookie so that you stay signed in",
            "if you add a passkey: its public key, the name you give it and when you added it, with the technical details your device reports for it (a credential identifier, the kind of authenticator and whether the passkey is synced between devices); the private key stays on your device or security key and never reaches us",
            "when you last signed in",
            "the account emails we send you, such as verification and password-reset links, and your IP address and email address in rate-limit counters that protect sign-in from abuse",
          ]),
          paragraph(
            `When you email ${company.emails.deals.address} or ${company.emails.general.address}, or reply to an email we sent you, our desk files your email with your inquiry (an email that starts a new conversation becomes an inquiry, unless it is an automatic reply). From each email we keep:`,
          ),
          list([
            "your name and email address as the email gives them, its date and its subject",
            "its text (an email written in HTML is kept as plain text; images and other remote content are never loaded)",
            "the results of the sender checks (SPF, DKIM and DMARC) our mail server recorded on it, so that forged emails stand out",
            "its attachments, within our size limits per file and per email, each checked by a virus scanner before our team can open it; for a larger one, or one the scanner finds infected (which we delete), we keep only its name, type and size",
            "automatic replies (such as out-of-office messages) and delivery failure reports about our emails to you, with the inquiry they concern",
          ]),
          paragraph(serverLogs),
          paragraph(
            `Because anyone can put someone else’s address on an email, we send an automatic acknowledgement of an email only when our mail server confirmed that it came from the sender’s domain (DMARC, SPF or DKIM). Acknowledgements, of emails and of the form alike, go to one address at most ${formatRate(mailLimits.acknowledgementsPerAddress)} (an address with a “+” tag, or a Gmail address with dots, counts as the same address), and to everyone together at most ${formatRate(mailLimits.acknowledgementsInAll)}. An email whose sender failed those checks is kept for our team to review before it counts as an inquiry or as part of a conversation; so is an email on your conversation sent from an address that is not yours, and a new conversation from an address that emails us more than ${formatRate(mailLimits.announcedPerSender)}, or from a domain that emails us more than ${formatRate(mailLimits.announcedPerDomain)}.`,
          ),
          paragraph(
            `If you contact us by phone or WhatsApp we keep a record of that correspondence. ${WHATSAPP_DESK_NOTICE} If a transaction proceeds, we ask for identity, ownership and financial documents for customer due diligence, which you upload on your private page for the inquiry; section 4 says how long we keep them.`,
          ),
        ],
      },
      {
        id: "purposes-and-lawful-bases",
        heading: "3. Why we use your data and our lawful bases",
        blocks: [
          list([
            "Responding to your inquiry and discussing our services — legitimate interests in handling business inquiries, or steps taken at your request before entering into a contract.",
            "Providing and securing your account — performance of our agreement with you to provide the account.",
            "Rate limiting, spam prevention, server logs and protecting the website from abuse — legitimate interests in keeping our systems secure and available and in finding faults.",
            "Customer due diligence when a transaction proceeds: we are not in the regulated sector under the Money Laundering Regulations 2017, but we apply checks modelled on them — legitimate interests in knowing who we deal with and in preventing fraud, money laundering and terrorist financing.",
            "Checking every inquiry against the UK Sanctions List published by the Foreign, Commonwealth and Development Office: we compare the name and company you give, and the names on the identity and company documents we accept from you, with the names on the list when your inquiry arrives, when we accept such a document and whenever a new version of the list is published, and a member of our team reviews every possible match and records a decision; we keep the results and decisions with your inquiry, for as long as the inquiry — legitimate interests in complying with UK financial sanctions, which forbid making funds or economic resources available to a designated person, and in not dealing with one. Reporting a designated person to HM Treasury's Office of Financial Sanctions Implementation — legal obligation where the sanctions regulations require us to report; otherwise legitimate interests in supporting the enforcement of sanctions.",
            "Checking a Ghanaian licence you or your company tell us you hold (a GoldBod licence to buy or aggregate gold, or a mineral right such as a small-scale mining licence or a mining lease) with the authority that granted it, GoldBod or the Minerals Commission (on its mining cadastre), and recording the licence's type, number, holder and expiry date, what the register showed, who checked and when; we keep these records with your inquiry, for as long as the inquiry — legitimate interests in dealing only with parties licensed to trade gold or to mine in Ghana, where only they may do so.",
            "Reporting a belief or suspicion of terrorist financing to the police or the National Crime Agency — legal obligation: section 19 of the Terrorism Act 2000 requires a business outside the regulated sector, such as ours, to disclose such a belief or suspicion when it is based on information met in the course of its business.",
            "Reporting a suspicion of money laundering to the National Crime Agency — legal obligation wherever the Proceeds of Crime Act 2002 requires the report; otherwise (its reporting duty applies to the regulated sector, which we are not in), legitimate interests in preventing crime and in not becoming involved in it.",
            "Information about criminal offences in these reports is processed under the conditions of Schedule 1 to the Data Protection Act 2018.",
            "Keeping accounting and tax records of transactions, and disclosing information when a court order, a regulator or another law requires it — legal obligation.",
            "Answering your requests to exercise your data protection rights and your complaints — legal obligation under the UK GDPR and section 164A of the Data Protection Act 2018.",
            "Establishing, exercising or defending legal claims — legitimate interests.",
          ]),
          paragraph(
            "We do not send marketing messages unless you have asked to receive them, and we do not use your data for automated decision-making that has legal or similarly significant effects on you.",
          ),
        ],
      },
      {
        id: "retention",
        heading: "4. How long we keep your data",
        blocks: [
          paragraph(
            `An automatic job applies these periods every ${hours(config.jobIntervalHours)}, so each item is deleted ${sweep} of the end of its period:`,
          ),
          list([
            `Inquiries: ${months(config.inquiryMonths)} after their last activity (when the inquiry arrived, you last emailed us about it, its notes were last changed, or our team last replied to it or changed its status or owner; opening it does not count), together with the emails about them, our replies and the record of how it was handled.`,
            `Submissions our spam filter or our team marks as spam: ${days(config.spamDays)} after their last activity. A submission held back only because it was sent very quickly is kept as an inquiry (${months(config.inquiryMonths)} after its last activity) until our team reviews it; if they mark it as spam, the spam period applies from then.`,
            `Our replies to you and the record of how your inquiry was handled: as long as the inquiry, and deleted with it.`,
            `Replies to you that our team is still drafting, and the follow-up reminders it sets on your inquiry: as long as the inquiry, and deleted with it (a draft also goes once its reply is sent).`,
            `Emails you send us about an inquiry (their text, sender checks and attachments): as long as the inquiry, that is ${months(config.inquiryMonths)} after its last activity (${days(config.spamDays)} if it is spam), and deleted with it, attachment files included.`,
            `Copies of the emails we send (acknowledgements, notifications, replies and account emails), with the names and email addresses they are addressed to, in our outgoing mail queue: ${days(config.deliveredMailDays)} after delivery, or ${days(config.failedMailDays)} after we stop trying to deliver them, and never longer than the inquiry they are about. Where the website writes emails to files instead of sending them, those files are also deleted ${days(config.deliveredMailDays)} after they were written. The notifications to our team messaging service are kept the same way.`,
            `IP addresses and email addresses in rate-limit counters: until the counter’s time window ends, which is never more than ${hours(config.rateLimitMaxWindowHours)}.`,
            `Sessions, with their IP address and user agent: until you sign out, or until the session expires after ${days(config.sessionIdleDays)} without use and at the latest ${days(config.sessionMaxDays)} after you signed in.`,
            `Password-reset links: until they are used, and at the latest ${hours(authLinks.resetPasswordHours)} after we sent them.`,
            `Accounts, with their sign-in methods, passkeys, authenticator app, roles and sign-in times: until you delete your account on your account page, which deletes it and its sessions at once (copies in our backups remain until those backups are deleted, at the latest ${days(config.backupDays)} later). An account nobody has signed in to for ${months(config.inactiveAccountMonths)} gets a warning email; it is deleted ${days(config.inactiveAccountGraceDays)} after the warning unless you sign in before then.`,
            `Server logs: deleted in daily batches, each line at the latest ${days(config.serverLogDays)} after it was written.`,
            `Backups: we back up our database, with the attachments of emails you send us, on a schedule and before each upgrade of the website, and keep only the most recent scheduled backups, up to a number set in our server configuration. A backup holds everything the database and those attachments held when it was taken, including data erased or deleted since then, until the backup itself is deleted, which is at the latest ${days(config.backupDays)} after it was taken. Copies of backups we keep away from the server, so that the website can be restored if the server is lost, follow the same rule: each copy is deleted at the latest ${days(config.backupDays)} after its backup was taken. We use backups only to restore the website after a failure.`,
            `WhatsApp messages filed with an inquiry on this website (yours and ours, with your number, profile name and the files you send): as long as the inquiry, and deleted with it. Messages as Meta delivered them to this website, before they are filed: ${days(config.deliveredMailDays)} after filing, or ${days(config.failedMailDays)} after they arrived if they could not be filed.`,
            `Records of phone calls, and of WhatsApp messages with you that are not kept on this website: ${months(config.phoneRecordMonths)} after our last contact with you, unless they become part of the customer due diligence records below.`,
            kycRetentionText(config),
            `A confirmed match of your name or company on the UK Sanctions List, with what the screening found (the list entry, the name it matched, its score and the list's version) and the decision (its reason, who took it and when), with your name, company, email address and the inquiry's reference: ${years(config.sanctionsMatchYears)} after the decision, also when your inquiry is erased or deleted before then, so that we can show the Office of Financial Sanctions Implementation what we found and did. The right to erasure does not apply to data we must keep to comply with a legal obligation or to establish or defend legal claims (UK GDPR Article 17(3)).`,
          ]),
          paragraph(
            `When we erase data at your request, we keep a record that the erasure happened (when, who carried it out and how many records were erased), but none of the erased data, for ${years(config.erasureRecordYears)}: the time within which a claim about it can be brought.`,
          ),
        ],
      },
      {
        id: "sharing",
        heading: "5. Who processes your data",
        blocks: [
          paragraph(
            "We do not sell your personal data. This website runs its own database and its own sign-in system: no separate database or authentication service holds your data. We share it only with the following, and only as far as necessary:",
          ),
          list([
            "our hosting provider, which runs the servers that store inquiries and accounts on our behalf, as a processor",
            "our email and productivity service providers, as processors",
            "if we use one, our team messaging or notification service, as a processor: it is told that an inquiry arrived or is waiting for a reply, with its reference number, area of interest and deal size only — never your name, contact details or message",
            "professional advisers, such as lawyers and auditors, under duties of confidentiality",
            "prospective counterparties, only with your agreement and only the information needed for an introduction",
            "the National Crime Agency, regulators, law enforcement and other authorities, as described in section 3",
          ]),
          paragraph(
            "If you contact us on WhatsApp, your messages are also processed by WhatsApp under its own terms and privacy policy. Messages between you and our WhatsApp business number that reach this website go through Meta’s WhatsApp Business Platform, which processes them on our behalf under its data processing terms for that platform.",
          ),
        ],
      },
      {
        id: "international-transfers",
        heading: "6. International transfers",
        blocks: [
          paragraph(
            "Some of our service providers store or process data outside the United Kingdom, for example in the European Economic Area or the United States. Where they do, the transfer is either to a country that UK regulations have approved as meeting the data protection test, or we put in place appropriate safeguards such as the UK International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses.",
          ),
          paragraph(
            "Where a transaction or licensing project involves parties in Ghana, we transfer information there only when it is necessary for the service you have asked for, and with appropriate safeguards in place.",
          ),
        ],
      },
      {
        id: "cookies-and-security",
        heading: "7. Cookies and security",
        blocks: [
          paragraph(
            `We use only cookies that are strictly necessary: a session cookie that keeps you signed in; a cookie that carries a confirmation message to the next page for a minute; while you sign in with a second factor or add or use a passkey, a short-lived cookie that ties that step to your browser; and, when an account’s backup codes are issued, a cookie named ${BACKUP_CODES_COOKIE.name} that lets the account page show them once and expires after ${BACKUP_CODES_COOKIE.lifetimeMinutes} minutes. We do not use advertising or analytics cookies, and we will ask for your consent before introducing any non-essential cookies or other storage on your device. ${VISIT_STORAGE_NOTICE} ${SCROLL_STORAGE_NOTICE}`,
          ),
          paragraph(
            ADMIN_STRONG_AUTHENTICATION
              ? "Data is encrypted in transit, access is restricted to authorised staff who need it, and administrator accounts are protected by strong authentication: a password and a second factor (an authenticator app code, a passkey, or one of the account’s single-use backup codes) at every sign-in."
              : "Data is encrypted in transit, and access is restricted to authorised staff who need it.",
          ),
        ],
      },
      {
        id: "your-rights",
        heading: "8. Your rights",
        blocks: [
          paragraph("Under UK data protection law you have the right to:"),
          list([
            "access the personal data we hold about you and receive a copy",
            "have inaccurate or incomplete data rectified",
            "have your data erased where there is no good reason for us to keep it",
            "ask us to restrict processing of your data in certain circumstances",
            "object to processing based on our legitimate interests",
            "data portability: receive data you gave us in a structured, machine-readable format or have it sent to another organisation",
            "withdraw consent at any time, where we rely on consent",
          ]),
          paragraph(
            `If you have an account, you can download your account data as a file and delete your account yourself on your account page. Deleting it removes it from the website at once; copies in our backups remain until those backups are deleted, at the latest ${days(config.backupDays)} later, and we use them only to restore the website after a failure.`,
          ),
          paragraph(
            `To exercise any of these rights, contact us at ${privacyEmail}. We will respond within one month and may need to confirm your identity first. Some rights are limited where we must keep records by law.`,
          ),
        ],
      },
      {
        id: "complaints",
        heading: "9. Complaints",
        blocks: [
          paragraph(
            `If you are unhappy with how we have handled your personal data, please complain to us at ${privacyEmail} or by post to the address in section 1. We acknowledge every complaint within ${days(config.complaintAcknowledgeDays)} of receiving it, look into it without undue delay, keep you informed of our progress and tell you the outcome.`,
          ),
          paragraph(
            "If you are not satisfied with our response, you can complain to the Information Commissioner’s Office (ICO), the UK data protection regulator, at ico.org.uk or on 0303 123 1113.",
          ),
        ],
      },
      {
        id: "children",
        heading: "10. Children",
        blocks: [
          paragraph(
            "Our services are intended for businesses and adults. We do not knowingly collect personal data from anyone under 18.",
          ),
        ],
      },
      {
        id: "changes",
        heading: "11. Changes to this notice",
        blocks: [
          paragraph(
            `We may update this notice from time to time. The date at the top shows when it was last revised (this is version ${PRIVACY_NOTICE_VERSION}), we record with each inquiry which version was in force when it was sent, and we will tell account holders about significant changes.`,
          ),
        ],
      },
    ],
  };
}

export const privacyPage: LegalDocument = buildPrivacyPage(retention);
