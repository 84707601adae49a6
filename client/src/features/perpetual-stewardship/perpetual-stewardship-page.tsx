import { Archive, ClipboardCheck, LayoutDashboard, Package, ScrollText, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { perpetualDeclarationFamily } from "@contract/records/perpetual-stewardship";
import { type PageTab, TabbedPage } from "@/components/tabbed-page";
import { AddRecordButton } from "@/features/records/record-list-card";
import { ArchivesTab, DashboardTab, DeclarationsTab, PackagesTab, ReviewsTab, TransitionsTab } from "./perpetual-stewardship-tabs";

/** The page's tabs in order; the first is where it starts. */
const tabs = [
  { name: "dashboard", icon: LayoutDashboard, Content: DashboardTab },
  { name: "packages", icon: Package, Content: PackagesTab },
  { name: "archives", icon: Archive, Content: ArchivesTab },
  { name: "reviews", icon: ClipboardCheck, Content: ReviewsTab },
  { name: "transitions", icon: Users, Content: TransitionsTab },
  { name: "declarations", icon: ScrollText, Content: DeclarationsTab },
] as const satisfies readonly PageTab[];

/**
 * Perpetual Stewardship & Living Archive (spec §2): six tabs, starting on the dashboard; the open tab lives in the
 * URL. The header's Create Declaration opens the perpetual declaration family's create form.
 */
export default function PerpetualStewardshipPage() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      tabs={tabs}
      listLabel={t("perpetualStewardship.tabs.label")}
      tabLabel={(name) => t(`perpetualStewardship.tabs.${name}`)}
      actions={<AddRecordButton family={perpetualDeclarationFamily} label={t("perpetualStewardship.createDeclaration")} />}
    />
  );
}
