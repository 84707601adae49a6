import { useState, type FormEvent } from "react";
import { HeartPulse } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  businessReviewFamily,
  onboardingSteps,
  renewalOfferFamily,
  RENEWALS_SHOWN,
  type EngagementReply,
  type NpsAnalytics,
  type NpsLabel,
  type OnboardingAnalytics,
  type RenewalAnalytics,
} from "@contract/customer-success";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableMessageRow, TableRow } from "@/components/ui/table";
import { apiErrorMessage } from "@/lib/api";
import { formatDay, offersViewAll, valueLabel, ViewAllButton, type ColumnDeclaration, type Explanation } from "@/features/records";
import { useAdvanceOnboarding, useRetentionCohorts } from "./customer-success-queries";
import { SendSurveyLink } from "./nps-survey-link-form";
import { npsAnswerTone, npsLabelTone, offerStatusTone, retentionCellClass, riskTone } from "./customer-success-tones";
import { useCan } from "@/lib/authorization";

/*
 * What only Customer Success has, mounted by its declaration (customer-success-page.tsx): the overview's upcoming
 * renewals under its declared cards; under the declared NPS, onboarding and engagement cards (querySection) the
 * survey link, trend and comments, the drop-off and accounts, and the engagement table; the retention heat map; and
 * the columns of the declared renewal offers and business reviews.
 */

const pct = (value: number) => `${value}%`;
/** Whole dollars, as the overview's renewals read ("$1,200"). */
export const money = (value: number, language: string) =>
  new Intl.NumberFormat(language, { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(value);
const dateTime = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
const monthLabel = (key: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${key}-01T00:00:00Z`));

/** The renewal offers' columns, on the Retention tab and in the full lists the overview opens. */
export const offerColumns: readonly ColumnDeclaration<keyof typeof renewalOfferFamily.fields & string>[] = [
  { field: "userEmail" },
  { field: "type" },
  { field: "status", render: (r, t) => <Badge variant={offerStatusTone(String(r.status))}>{valueLabel(t, String(r.status))}</Badge> },
  { field: "expiryDate" },
  { field: "revenue", format: "money" },
];

/** Pending renewals: the offers still awaiting an answer, which the overview's card counts and lists. */
export const PENDING = { status: "pending" } as const;
export const pendingExplanation: Explanation = { family: renewalOfferFamily, filters: PENDING, text: "customerSuccess.explain.pending" };

export function NpsLabelBadge({ label }: { label: NpsLabel }) {
  const { t } = useTranslation();
  return <Badge variant={npsLabelTone[label]}>{t(`customerSuccess.nps.labels.${label}`)}</Badge>;
}

function QueryState({ query, loadingText }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; loadingText: string }) {
  const { t } = useTranslation();
  if (query.isError) return <RetryAlert message={apiErrorMessage(query.error, t("common.networkError"))} onRetry={() => void query.refetch()} />;
  return <p className="text-sm text-muted-foreground">{loadingText}</p>;
}

/** Under the overview's four cards: the first 3 pending renewals, soonest expiry first, with View all. */
export function UpcomingRenewals({ renewals }: { renewals: RenewalAnalytics }) {
  const { t, i18n } = useTranslation();
  return (
    <Card data-testid="cs-upcoming-renewals">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>{t("customerSuccess.renewals.upcoming")}</CardTitle>
          <CardDescription>{t("customerSuccess.renewals.upcomingHint", { max: RENEWALS_SHOWN })}</CardDescription>
        </div>
        {offersViewAll(RENEWALS_SHOWN, renewals.pending_offers, renewals.upcoming_renewals.length) ? (
          <ViewAllButton
            family={renewalOfferFamily}
            title={t("customerSuccess.renewals.upcoming")}
            columns={offerColumns}
            filters={PENDING}
            emptyText={t("customerSuccess.renewals.none")}
            total={renewals.pending_offers}
          />
        ) : null}
      </CardHeader>
      <CardContent>
        {renewals.upcoming_renewals.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("customerSuccess.renewals.none")}</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {renewals.upcoming_renewals.map((offer) => (
              <li key={offer.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex items-center gap-2">
                  <Badge variant="outline">{valueLabel(t, offer.type)}</Badge>
                  {offer.user_email}
                </span>
                <span className="text-muted-foreground">
                  {offer.revenue === null ? "—" : money(offer.revenue, i18n.language)} ·{" "}
                  {offer.expiry_date ? formatDay(offer.expiry_date, i18n.language) : t("customerSuccess.renewals.noExpiry")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** NPS & Feedback under its declared card: the survey link, the monthly trend and the latest comments. */
export function NpsPanels({ d }: { d: NpsAnalytics }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <SendSurveyLink />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("customerSuccess.nps.trend")}</CardTitle>
            <CardDescription>{t("customerSuccess.nps.trendHint")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Table aria-label={t("customerSuccess.nps.trend")}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("customerSuccess.nps.month")}</TableHead>
                  <TableHead className="text-right">{t("customerSuccess.nps.responses")}</TableHead>
                  <TableHead className="text-right">{t("customerSuccess.nps.score")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.trend.length === 0 ? (
                  <TableMessageRow colSpan={3}>{t("customerSuccess.nps.noTrend")}</TableMessageRow>
                ) : (
                  d.trend.map((month) => (
                    <TableRow key={month.month}>
                      <TableCell>{monthLabel(month.month, i18n.language)}</TableCell>
                      <TableCell className="text-right tabular-nums">{month.responses}</TableCell>
                      <TableCell className="text-right tabular-nums">{month.nps_score}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("customerSuccess.nps.comments")}</CardTitle>
          </CardHeader>
          <CardContent>
            {d.latest_comments.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("customerSuccess.nps.noComments")}</p>
            ) : (
              <ul className="grid gap-3 text-sm" data-testid="cs-nps-comments">
                {d.latest_comments.map((comment) => (
                  <li key={comment.id} className="grid gap-1">
                    <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <Badge variant={npsAnswerTone(comment.score)}>{comment.score}</Badge>
                      {comment.user_email} · {dateTime(comment.created_at, i18n.language)}
                    </span>
                    <span className="break-words">{comment.feedback}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function StartOnboarding() {
  const { t } = useTranslation();
  const allowed = useCan("customers.write");
  const advance = useAdvanceOnboarding();
  const [email, setEmail] = useState("");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === "") return;
    advance.mutate({ email: email.trim(), completedSteps: [] }, { onSuccess: () => setEmail("") });
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit}>
      <div className="grid gap-1.5">
        <Label htmlFor="onboarding-email">{t("customerSuccess.onboarding.accountEmail")}</Label>
        <Input id="onboarding-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} className="w-64" />
      </div>
      <Button type="submit" size="sm" disabled={allowed !== true || advance.isPending || email.trim() === ""}>
        {t("customerSuccess.onboarding.start")}
      </Button>
      {advance.isError ? <p className="text-sm text-destructive">{apiErrorMessage(advance.error, t("common.networkError"))}</p> : null}
    </form>
  );
}

/** Onboarding under its declared card: the drop-off per step, and the accounts with their next step. */
export function OnboardingPanels({ d }: { d: OnboardingAnalytics }) {
  const { t, i18n } = useTranslation();
  const advance = useAdvanceOnboarding();
  const allowed = useCan("customers.write");
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("customerSuccess.onboarding.dropOff")}</CardTitle>
            <CardDescription>
              {t("customerSuccess.onboarding.dropOffHint")}. {t("customerSuccess.onboarding.eventsHint")}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Table aria-label={t("customerSuccess.onboarding.dropOff")}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("customerSuccess.onboarding.step")}</TableHead>
                  <TableHead className="text-right">{t("customerSuccess.onboarding.reached")}</TableHead>
                  <TableHead className="text-right">{t("customerSuccess.onboarding.stopped")}</TableHead>
                  <TableHead className="text-right">{t("customerSuccess.onboarding.dropOffRate")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.steps.map((step) => (
                  <TableRow key={step.step}>
                    <TableCell>
                      {t("customerSuccess.onboarding.stepN", { step: step.step })}
                      {onboardingSteps[step.step - 1] ? (
                        <span className="block text-xs text-muted-foreground">{t(`customerSuccess.onboarding.stepNames.${onboardingSteps[step.step - 1]!}`)}</span>
                      ) : null}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{step.reached}</TableCell>
                    <TableCell className="text-right tabular-nums">{step.stopped}</TableCell>
                    <TableCell className="text-right tabular-nums">{pct(step.drop_off)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("customerSuccess.onboarding.accountsTitle")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <StartOnboarding />
            {d.accounts.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("customerSuccess.onboarding.empty")}</p>
            ) : (
              <ul className="grid gap-3 text-sm" data-testid="cs-onboarding-accounts">
                {d.accounts.map((account) => (
                  <li key={account.userEmail} className="grid gap-1">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="break-all">{account.userEmail}</span>
                      {account.isCompleted ? (
                        <Badge variant="success">{t("customerSuccess.onboarding.done")}</Badge>
                      ) : (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={allowed !== true || advance.isPending}
                          onClick={() => advance.mutate({ email: account.userEmail, completedSteps: [...account.completedSteps, account.currentStep] })}
                          aria-label={t("customerSuccess.onboarding.completeStepFor", { step: account.currentStep, email: account.userEmail })}
                        >
                          {t("customerSuccess.onboarding.completeStep", { step: account.currentStep })}
                        </Button>
                      )}
                    </div>
                    <Progress
                      value={(100 * account.completedSteps.length) / account.totalSteps}
                      aria-label={t("customerSuccess.onboarding.progressOf", { email: account.userEmail })}
                    />
                    <span className="text-xs text-muted-foreground">
                      {t("customerSuccess.onboarding.stepOf", { step: account.currentStep, total: account.totalSteps })} ·{" "}
                      {dateTime(account.updatedAt, i18n.language)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/** Retention: the cohorts' heat map, each cell the share of the cohort active that month. */
export function RetentionHeatMap() {
  const { t, i18n } = useTranslation();
  const retention = useRetentionCohorts();
  const width = Math.max(0, ...(retention.data?.cohorts ?? []).map((cohort) => cohort.retention.length));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("customerSuccess.retention.title")}</CardTitle>
        <CardDescription>{t("customerSuccess.retention.hint")}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {!retention.data ? (
          <QueryState query={retention} loadingText={t("customerSuccess.retention.loading")} />
        ) : retention.data.cohorts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("customerSuccess.retention.empty")}</p>
        ) : (
          <Table aria-label={t("customerSuccess.retention.title")} data-testid="cs-retention" className="text-xs">
            <TableHeader>
              <TableRow>
                <TableHead>{t("customerSuccess.retention.cohort")}</TableHead>
                <TableHead className="text-right">{t("customerSuccess.retention.size")}</TableHead>
                {Array.from({ length: width }, (_, month) => (
                  <TableHead key={month} className="px-1 text-center">
                    {t("customerSuccess.retention.monthN", { month })}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {retention.data.cohorts.map((cohort) => (
                <TableRow key={cohort.cohort}>
                  <TableCell className="whitespace-nowrap">{monthLabel(cohort.cohort, i18n.language)}</TableCell>
                  <TableCell className="text-right tabular-nums">{cohort.size}</TableCell>
                  {Array.from({ length: width }, (_, month) => {
                    const value = cohort.retention[month];
                    return (
                      <TableCell key={month} className="p-0.5 text-center">
                        {value === undefined ? null : <span className={`block rounded px-1 py-1 tabular-nums ${retentionCellClass(value)}`}>{pct(value)}</span>}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** Engagement under its declared card: every user's score and activity. */
export function EngagementUsersTable({ d }: { d: EngagementReply }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartPulse aria-hidden="true" className="size-4" />
          {t("customerSuccess.engagement.users")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Table aria-label={t("customerSuccess.engagement.users")} data-testid="cs-engagement-users">
          <TableHeader>
            <TableRow>
              <TableHead>{t("customerSuccess.engagement.user")}</TableHead>
              <TableHead className="text-right">{t("customerSuccess.engagement.score")}</TableHead>
              <TableHead>{t("customerSuccess.engagement.risk")}</TableHead>
              <TableHead>{t("customerSuccess.engagement.lastLogin")}</TableHead>
              <TableHead className="text-right">{t("customerSuccess.engagement.logins")}</TableHead>
              <TableHead className="text-right">{t("customerSuccess.engagement.activeDays")}</TableHead>
              <TableHead className="text-right">{t("customerSuccess.engagement.areas")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {d.users.length === 0 ? (
              <TableMessageRow colSpan={7}>{t("customerSuccess.engagement.empty")}</TableMessageRow>
            ) : (
              d.users.map((user) => (
                <TableRow key={user.userId}>
                  <TableCell className="max-w-56 whitespace-normal break-words">
                    {user.name}
                    <span className="block text-xs text-muted-foreground">{user.userEmail}</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{user.engagementScore}</TableCell>
                  <TableCell>
                    <Badge variant={riskTone[user.riskLevel]}>{t(`customerSuccess.engagement.levels.${user.riskLevel}`)}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{user.lastLogin ? dateTime(user.lastLogin, i18n.language) : t("customerSuccess.engagement.never")}</TableCell>
                  <TableCell className="text-right tabular-nums">{user.loginCount}</TableCell>
                  <TableCell className="text-right tabular-nums">{user.activeDays}</TableCell>
                  <TableCell className="text-right tabular-nums">{user.featureAreas}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** The business reviews' columns: the review's type and date under the account's name leave the notes room to read. */
export const reviewColumns: readonly ColumnDeclaration<keyof typeof businessReviewFamily.fields & string>[] = [
  {
    field: "accountName",
    render: (r, t, language) => (
      <span className="grid gap-0.5">
        <span className="font-medium">{String(r.accountName)}</span>
        <span className="text-xs text-muted-foreground">
          {valueLabel(t, String(r.reviewType))} · <span className="whitespace-nowrap">{formatDay(String(r.reviewDate), language)}</span>
        </span>
      </span>
    ),
  },
  { field: "keyMetrics" },
  { field: "winsAndChallenges" },
  { field: "actionItems" },
  { field: "roadmapUpdates" },
  { field: "attendees" },
];
