import { BookOpenCheck, FileSignature, History, LayoutDashboard, Scale, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { legacyCharterFamily } from "@contract/records/future-stewardship";
import { type PageTab, TabbedPage } from "@/components/tabbed-page";
import { AddRecordButton } from "@/features/records/record-list-card";
import { CharterTab, DashboardTab, DeclarationsTab, EthicsTab, RecordsTab, SuccessionTab } from "./future-stewardship-tabs";

/** The page's tabs in order; the first is where it starts. */
const tabs = [
  { name: "dashboard", icon: LayoutDashboard, Content: DashboardTab },
  { name: "charter", icon: BookOpenCheck, Content: CharterTab },
  { name: "records", icon: History, Content: RecordsTab },
  { name: "succession", icon: Users, Content: SuccessionTab },
  { name: "ethics", icon: Scale, Content: EthicsTab },
  { name: "declarations", icon: FileSignature, Content: DeclarationsTab },
] as const satisfies readonly PageTab[];

/**
 * Future Stewardship & Historical Record (spec §2): six tabs, starting on the dashboard; the open tab lives in the URL.
 * The header's Create Charter opens the legacy charter family's create form.
 */
export default function FutureStewardshipPage() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      tabs={tabs}
      listLabel={t("futureStewardship.tabs.label")}
      tabLabel={(name) => t(`futureStewardship.tabs.${name}`)}
      actions={<AddRecordButton family={legacyCharterFamily} label={t("futureStewardship.createCharter")} />} dense
    />
  );
}
