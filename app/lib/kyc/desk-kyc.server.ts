import { findKycChecklist, kycChecklists } from "~/content/kyc-checklists";
import type { Db } from "~/lib/db/db.server";
import { clientLinkState } from "~/lib/kyc/client-links.server";
import { kycOverview, kycStateLabels } from "~/lib/kyc/kyc-requests.server";

/** What the inquiry page shows of KYC. */
export async function loadDeskKyc(db: Db, inquiryId: string, now: Date = new Date()) {
  const overview = await kycOverview(db, inquiryId, now);
  return {
    checklists: kycChecklists.map(({ key, label }) => ({ key, label })),
    link: await clientLinkState(db, inquiryId),
    request: overview && {
      label: findKycChecklist(overview.checklist)?.label ?? overview.checklist,
      completedAt: overview.completedAt,
      completedBy: overview.completedBy,
      items: overview.items.map((item) => ({
        key: item.key,
        label: item.label,
        state: item.state,
        stateLabel: kycStateLabels[item.state],
        document: item.document,
      })),
    },
  };
}

export type DeskKyc = Awaited<ReturnType<typeof loadDeskKyc>>;
