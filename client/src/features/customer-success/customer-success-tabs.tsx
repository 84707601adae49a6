import { useState, type FormEvent } from "react";
import { CalendarClock, Gauge, HeartPulse, Rocket, UserRoundX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ONBOARDING_TOTAL_STEPS, onboardingSteps, type NpsLabel } from "@contract/customer-success";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import { businessReviewFamily, renewalOfferFamily, RENEWALS_SHOWN } from "@contract/records/customer-success";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableMessageRow, TableRow } from "@/components/ui/table";
import { useCan } from "@/features/auth/use-can";
import { apiErrorMessage } from "@/lib/api";
import { type Analytics, AnalyticsCard, counts, CountsByBadges, Figure, num, StatCard } from "@/features/records/monitoring-parts";
import { formatDay, valueLabel } from "@/features/records/record-labels";
import { RecordListCard } from "@/features/records/record-list-card";
import { useFamilyList } from "@/features/records/record-queries";
import {
  useAdvanceOnboarding,
  useBusinessReviews,
  useEngagementUsers,
  useNpsAnalytics,
  useOnboardingAnalytics,
  useRenewalAnalytics,
  useRetentionCohorts,
} from "./customer-success-queries";
import { SendSurveyLink } from "./nps-survey-link-form";
import { npsAnswerTone, npsLabelTone, retentionCellClass, riskTone } from "./customer-success-tones";

const pct = (value: number) => `${value}%`;
const money = (value: number, language: string, decimals = 0) =>
  new Intl.NumberFormat(language, { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: decimals }).format(value);
const dateTime = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

function NpsLabelBadge({ label }: { label: NpsLabel }) {
  const { t } = useTranslation();
  return <Badge variant={npsLabelTone[label]}>{t(`customerSuccess.nps.labels.${label}`)}</Badge>;
}

function QueryState({ query, loadingText }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; loadingText: string }) {
  const { t } = useTranslation();
  if (query.isError) return <RetryAlert message={apiErrorMessage(query.error, t("common.networkError"))} onRetry={() => void query.refetch()} />;
  return <p className="text-sm text-muted-foreground">{loadingText}</p>;
}

export function OverviewTab() {
  const { t, i18n } = useTranslation();
  const nps = useNpsAnalytics();
  const engagement = useEngagementUsers();
  const onboarding = useOnboardingAnalytics();
  const renewals = useRenewalAnalytics();
  const loading = t("customerSuccess.loading");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title={t("customerSuccess.overview.nps")}
          icon={Gauge}
          testId="cs-card-nps"
          value={nps.data ? nps.data.nps_score : "…"}
          extra={nps.data ? <NpsLabelBadge label={nps.data.label} /> : loading}
        />
        <StatCard
          title={t("customerSuccess.overview.atRisk")}
          icon={UserRoundX}
          testId="cs-card-at-risk"
          value={engagement.data ? engagement.data.at_risk : "…"}
          extra={engagement.data ? t("customerSuccess.overview.ofUsers", { count: engagement.data.users.length }) : loading}
        />
        <StatCard
          title={t("customerSuccess.overview.onboarding")}
          icon={Rocket}
          testId="cs-card-onboarding"
          value={onboarding.data ? pct(onboarding.data.completion_rate) : "…"}
          extra={
            onboarding.data ? t("customerSuccess.overview.completedOf", { completed: onboarding.data.completed, total: onboarding.data.total_accounts }) : loading
          }
        />
        <StatCard
          title={t("customerSuccess.overview.renewals")}
          icon={CalendarClock}
          testId="cs-card-renewals"
          value={renewals.data ? renewals.data.pending_offers : "…"}
          extra={renewals.data ? t("customerSuccess.overview.pendingRevenue", { value: money(renewals.data.pending_revenue, i18n.language) }) : loading}
        />
      </div>
      <Card data-testid="cs-upcoming-renewals">
        <CardHeader>
          <CardTitle>{t("customerSuccess.renewals.upcoming")}</CardTitle>
          <CardDescription>{t("customerSuccess.renewals.upcomingHint", { max: RENEWALS_SHOWN })}</CardDescription>
        </CardHeader>
        <CardContent>
          {!renewals.data ? (
            <QueryState query={renewals} loadingText={t("customerSuccess.renewals.loading")} />
          ) : renewals.data.upcoming_renewals.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("customerSuccess.renewals.none")}</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {renewals.data.upcoming_renewals.map((offer) => (
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
    </>
  );
}

export function NpsTab() {
  const { t, i18n } = useTranslation();
  const nps = useNpsAnalytics();
  if (!nps.data) return <QueryState query={nps} loadingText={t("customerSuccess.nps.loading")} />;
  const d = nps.data;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t("customerSuccess.nps.title")}</CardTitle>
          <CardDescription>{t("customerSuccess.nps.formula")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-5">
          <Figure
            label={t("customerSuccess.nps.score")}
            testId="cs-nps-score"
            value={
              <span className="flex items-center gap-2">
                {d.nps_score}
                <NpsLabelBadge label={d.label} />
              </span>
            }
          />
          <Figure label={t("customerSuccess.nps.responses")} value={d.total_responses} testId="cs-nps-responses" />
          <Figure label={t("customerSuccess.nps.promoters")} value={d.promoters} />
          <Figure label={t("customerSuccess.nps.passives")} value={d.passives} />
          <Figure label={t("customerSuccess.nps.detractors")} value={d.detractors} />
          {d.total_responses === 0 ? <p className="text-sm text-muted-foreground sm:col-span-5">{t("customerSuccess.nps.empty")}</p> : null}
        </CardContent>
      </Card>
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
                      <TableCell>{new Intl.DateTimeFormat(i18n.language, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month.month}-01T00:00:00Z`))}</TableCell>
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

export function OnboardingTab() {
  const { t, i18n } = useTranslation();
  const onboarding = useOnboardingAnalytics();
  const advance = useAdvanceOnboarding();
  const allowed = useCan("customers.write");
  if (!onboarding.data) return <QueryState query={onboarding} loadingText={t("customerSuccess.onboarding.loading")} />;
  const d = onboarding.data;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t("customerSuccess.onboarding.title")}</CardTitle>
          <CardDescription>{t("customerSuccess.onboarding.hint", { steps: ONBOARDING_TOTAL_STEPS })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <Figure label={t("customerSuccess.onboarding.completionRate")} value={pct(d.completion_rate)} testId="cs-onboarding-rate" />
          <Figure label={t("customerSuccess.onboarding.accounts")} value={d.total_accounts} />
          <Figure label={t("customerSuccess.onboarding.completed")} value={d.completed} />
        </CardContent>
      </Card>
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
                {d.accounts.map((account) => {
                  const done = account.completedSteps.length;
                  return (
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
                      <Progress value={(100 * done) / account.totalSteps} aria-label={t("customerSuccess.onboarding.progressOf", { email: account.userEmail })} />
                      <span className="text-xs text-muted-foreground">
                        {t("customerSuccess.onboarding.stepOf", { step: account.currentStep, total: account.totalSteps })} ·{" "}
                        {dateTime(account.updatedAt, i18n.language)}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export function RetentionTab() {
  const { t, i18n } = useTranslation();
  const retention = useRetentionCohorts();
  const offers = useFamilyList<Analytics>(renewalOfferFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const a = offers.data?.analytics;
  const width = Math.max(0, ...(retention.data?.cohorts ?? []).map((cohort) => cohort.retention.length));
  const monthLabel = (key: string) => new Intl.DateTimeFormat(i18n.language, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${key}-01T00:00:00Z`));
  return (
    <>
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
                    <TableCell className="whitespace-nowrap">{monthLabel(cohort.cohort)}</TableCell>
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
      <AnalyticsCard title={t("customerSuccess.renewals.title")} query={offers} loadingText={t("customerSuccess.renewals.loading")}>
        <Figure label={t("customerSuccess.renewals.pending")} value={num(a?.pending_offers)} />
        <Figure label={t("customerSuccess.renewals.revenueGenerated")} value={money(num(a?.revenue_generated), i18n.language)} />
        <Figure label={t("customerSuccess.renewals.acceptanceRate")} value={pct(num(a?.acceptance_rate))} />
        <CountsByBadges label={t("customerSuccess.renewals.byStatus")} entries={counts(a?.by_status)} emptyText={t("customerSuccess.none")} />
      </AnalyticsCard>
      <RecordListCard
        family={renewalOfferFamily}
        title={t("customerSuccess.renewals.list")}
        list={offers}
        columns={[
          { field: "userEmail" },
          { field: "type" },
          { field: "status", render: (r) => <Badge variant={offerTone(String(r.status))}>{valueLabel(t, String(r.status))}</Badge> },
          { field: "expiryDate" },
          { field: "revenue", render: (r) => (r.revenue === null || r.revenue === undefined ? "—" : money(Number(r.revenue), i18n.language, 2)) },
        ]}
        loadingText={t("customerSuccess.renewals.loading")}
        emptyText={t("customerSuccess.renewals.empty")}
      />
    </>
  );
}

const offerTone = (status: string) => (status === "accepted" ? "success" : status === "declined" || status === "expired" ? "destructive" : "warning");

export function EngagementTab() {
  const { t, i18n } = useTranslation();
  const engagement = useEngagementUsers();
  if (!engagement.data) return <QueryState query={engagement} loadingText={t("customerSuccess.engagement.loading")} />;
  const d = engagement.data;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t("customerSuccess.engagement.title")}</CardTitle>
          <CardDescription>{t("customerSuccess.engagement.formula")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <Figure label={t("customerSuccess.engagement.atRisk")} value={d.at_risk} testId="cs-at-risk" />
          <Figure label={t("customerSuccess.engagement.average")} value={d.average_score} />
          <CountsByBadges label={t("customerSuccess.engagement.byRisk")} entries={Object.entries(d.by_risk)} emptyText={t("customerSuccess.none")} />
        </CardContent>
      </Card>
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
    </>
  );
}

export function ReviewsTab() {
  const { t } = useTranslation();
  const reviews = useBusinessReviews(RECORD_LIST_REFRESH_MS);
  const a = reviews.data?.analytics;
  return (
    <>
      <AnalyticsCard title={t("customerSuccess.reviews.overview")} query={reviews} loadingText={t("customerSuccess.reviews.loading")}>
        <Figure label={t("customerSuccess.reviews.total")} value={num(a?.total_reviews)} testId="cs-total-reviews" />
        <Figure label={t("customerSuccess.reviews.recent")} value={num(a?.reviews_last_90_days)} />
        <Figure label={t("customerSuccess.reviews.actionItems")} value={num(a?.action_items)} />
      </AnalyticsCard>
      <RecordListCard
        family={businessReviewFamily}
        title={t("customerSuccess.reviews.title")}
        list={reviews}
        columns={[
          { field: "accountName" },
          { field: "reviewType" },
          { field: "reviewDate" },
          { field: "keyMetrics" },
          { field: "winsAndChallenges" },
          { field: "actionItems" },
          { field: "roadmapUpdates" },
          { field: "attendees" },
        ]}
        loadingText={t("customerSuccess.reviews.loading")}
        emptyText={t("customerSuccess.reviews.empty")}
      />
    </>
  );
}
