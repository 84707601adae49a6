import { useState } from "react";
import type { AffiliateStatus } from "@contract/affiliates";
import { useExportTarget } from "@/lib/export-target";
import { AffiliateLoginCard, AffiliateRegistrationCard } from "./affiliate-access-cards";
import { AffiliateList } from "./affiliate-list";
import { affiliateExportUrl } from "./affiliate-queries";

/** Affiliate Program (spec §2): registration and login side by side, then the affiliates table. */
export default function AffiliatesPage() {
  const [status, setStatus] = useState<AffiliateStatus | undefined>(undefined);
  const exportUrl = affiliateExportUrl(status);
  useExportTarget(exportUrl);

  return (
    <div className="flex flex-col gap-4">
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <AffiliateRegistrationCard />
        <AffiliateLoginCard />
      </div>
      <AffiliateList status={status} onStatusChange={setStatus} exportUrl={exportUrl} />
    </div>
  );
}
