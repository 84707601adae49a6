import { useTranslation } from "react-i18next";
import type { LeadSummary } from "@contract/leads";
import { pipelineEndpoints, type PipelineStage } from "@contract/pipeline";
import { DataTableState } from "@/components/data-table-state";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { LeadLink } from "@/features/leads";
import { apiErrorMessage } from "@/lib/api";
import { stageLabel } from "@/lib/labels";
import { useMoveLead, useStageTableLeads, useStages } from "./pipeline-queries";
import { useMayCall } from "@/lib/authorization";

const COLUMNS = 2;

/** Lead Pipeline Management (spec §2): the 10 newest leads, each with a stage selector. */
export function LeadStageTable() {
  const { t } = useTranslation();
  const leads = useStageTableLeads();
  const stages = useStages();
  const rows = leads.data?.rows ?? [];

  return (
    <Card className="min-w-0" data-testid="lead-stage-table">
      <CardHeader>
        <CardTitle>{t("productivity.leadStages.title")}</CardTitle>
        <CardDescription>{t("productivity.leadStages.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={leads}
        rowCount={rows.length}
        testId="lead-stages"
        loadingText={t("productivity.leadStages.loading")}
        errorText={(message) => t("productivity.leadStages.error", { message })}
        empty={t("productivity.leadStages.empty")}
        table={{
          label: t("productivity.leadStages.title"),
          className: "min-w-[26rem] table-fixed",
          columns: COLUMNS,
          head: (
            <>
              <TableHead>{t("productivity.leadStages.lead")}</TableHead>
              <TableHead className="w-48">{t("productivity.leadStages.stage")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((lead) => (
          <LeadStageRow key={lead.id} lead={lead} stages={stages.data} />
        ))}
      </DataTableState>
    </Card>
  );
}

function LeadStageRow({ lead, stages }: { lead: LeadSummary; stages: PipelineStage[] | undefined }) {
  const { t } = useTranslation();
  const moveLead = useMoveLead();
  const mayMove = useMayCall(pipelineEndpoints.moveLead) === true;
  const owner = `${lead.businessOwnerName} ${lead.businessOwnerLastName}`.trim();
  const selectId = `lead-${lead.id}-stage`;
  // The lead's own stage is always an option, even before the stage list has loaded.
  const names = stages?.map((stage) => stage.name) ?? [];
  const options = names.some((name) => name.toLowerCase() === lead.pipelineStage.toLowerCase()) ? names : [lead.pipelineStage, ...names];

  const change = (stage: string) => {
    if (stage === lead.pipelineStage) return;
    moveLead
      .mutateAsync({ lead, from: lead.pipelineStage, to: stage })
      .then(() => toast({ title: t("common.success"), description: t("productivity.leadStages.success") }))
      .catch((error: unknown) =>
        toast({ variant: "destructive", title: t("productivity.leadStages.failed"), description: apiErrorMessage(error, t("common.networkError")) }),
      );
  };

  return (
    <TableRow data-testid="lead-stage-row" data-lead-id={lead.id}>
      <TableCell>
        <LeadLink id={lead.id} name={lead.businessName} className="block truncate font-medium" data-testid="lead-stage-lead" />
        <div className="truncate text-xs text-muted-foreground" title={owner}>
          {owner}
        </div>
      </TableCell>
      <TableCell>
        <label htmlFor={selectId} className="sr-only">
          {t("productivity.leadStages.stageOf", { name: lead.businessName })}
        </label>
        <Select value={lead.pipelineStage} onValueChange={change} disabled={moveLead.isPending || !mayMove}>
          <SelectTrigger id={selectId} className="h-8" data-testid="lead-stage-select">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((name) => (
              <SelectItem key={name} value={name}>
                {stageLabel(t, name)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </TableCell>
    </TableRow>
  );
}
