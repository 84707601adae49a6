import { LeadStageTable } from "./lead-stage-table";
import { PipelineBoard } from "./pipeline-board";
import { PipelineStats } from "./pipeline-stats";
import { RecentNotifications } from "./recent-notifications";
import { StageGrid } from "./stage-grid";

/**
 * Productivity Pipeline (spec §2): the four figures, the stages with the New Stage dialog, the board leads are dragged
 * across, then Lead Pipeline Management beside Recent Notifications.
 */
export default function PipelinePage() {
  return (
    <div className="flex flex-col gap-4">
      <PipelineStats />
      <StageGrid />
      <PipelineBoard />
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <LeadStageTable />
        <RecentNotifications />
      </div>
    </div>
  );
}
