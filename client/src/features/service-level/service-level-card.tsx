import { CheckCircle2, CircleDashed, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SLA_DEFAULT_DAYS, type ServiceLevel, type ServiceLevelFigure } from "@contract/service-level";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { apiErrorMessage } from "@/lib/api";
import { useFormatters } from "@/lib/use-formatters";
import { useServiceLevel } from "./service-level-queries";

type FigureName = Exclude<keyof ServiceLevel, "from" | "to">;
const FIGURES: FigureName[] = ["uptimePercent", "p95LatencyMs", "errorRatePercent", "timeToProposalMinutes", "timeToApprovalHours"];

/** Spec §2 Enterprise: the service level, each measured figure beside its target and whether it was met. */
export function ServiceLevelCard() {
  const { t } = useTranslation();
  const sla = useServiceLevel();
  return (
    <Card className="min-w-0" data-testid="service-level-card">
      <CardHeader>
        <CardTitle>{t("serviceLevel.title")}</CardTitle>
        <CardDescription>{t("serviceLevel.description", { days: SLA_DEFAULT_DAYS })}</CardDescription>
      </CardHeader>
      <CardContent>
        {sla.isError ? (
          <RetryAlert message={t("serviceLevel.error", { message: apiErrorMessage(sla.error, t("common.networkError")) })} onRetry={() => void sla.refetch()} />
        ) : (
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={sla.isFetching}>
            {FIGURES.map((name) => (
              <FigureTile key={name} name={name} figure={sla.data?.[name]} />
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function FigureTile({ name, figure }: { name: FigureName; figure: ServiceLevelFigure | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const show = (value: number) => t(`serviceLevel.units.${name}`, { value: format.number(value) });
  return (
    <div className="grid gap-1 rounded-md border p-3" data-testid={`service-level-${name}`}>
      <dt className="text-sm font-medium text-muted-foreground">{t(`serviceLevel.figures.${name}`)}</dt>
      {figure === undefined ? (
        <dd>
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-7 w-24" />
        </dd>
      ) : (
        <>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="text-xl font-semibold tabular-nums" data-testid={`service-level-${name}-value`}>
              {figure.value === null ? t("serviceLevel.noData") : show(figure.value)}
            </span>
            {figure.met === null ? (
              <Badge variant="outline">
                <CircleDashed aria-hidden="true" />
                {t("serviceLevel.notMeasured")}
              </Badge>
            ) : figure.met ? (
              <Badge variant="success" data-testid={`service-level-${name}-met`}>
                <CheckCircle2 aria-hidden="true" />
                {t("serviceLevel.met")}
              </Badge>
            ) : (
              <Badge variant="destructive" data-testid={`service-level-${name}-missed`}>
                <XCircle aria-hidden="true" />
                {t("serviceLevel.missed")}
              </Badge>
            )}
          </dd>
          <dd className="text-xs text-muted-foreground">
            {t(name === "uptimePercent" ? "serviceLevel.targetAtLeast" : "serviceLevel.targetAtMost", { target: show(figure.target) })} ·{" "}
            {t(`serviceLevel.samples.${name}`, { count: figure.sample })}
          </dd>
        </>
      )}
    </div>
  );
}
