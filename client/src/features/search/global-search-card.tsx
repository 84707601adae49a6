import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { SearchResult } from "@contract/search";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { issueReviewPath } from "@/features/issues";
import { IssueStatusBadge } from "@/features/issues";
import { leadPagePath } from "@/features/leads";
import { useFormatters } from "@/lib/use-formatters";
import { useGlobalSearch } from "./search-queries";

/** Global Search (spec §2 Referral Tracking): leads, affiliates and issues matching a term, with full counts. */
export function GlobalSearchCard() {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  const search = useGlobalSearch(term);

  useEffect(() => {
    if (search.isError) toast({ variant: "destructive", title: t("search.failed") });
  }, [search.isError, search.errorUpdatedAt, t]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (!next) return;
    if (next === term) void search.refetch();
    else setTerm(next);
  };

  return (
    <Card data-testid="global-search">
      <CardHeader>
        <CardTitle>{t("search.title")}</CardTitle>
        <CardDescription>{t("search.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form role="search" onSubmit={onSubmit} className="flex gap-2">
          <Input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t("search.placeholder")}
            aria-label={t("search.label")}
            maxLength={200}
          />
          <Button type="submit" disabled={!text.trim() || search.isFetching}>
            <Search aria-hidden="true" />
            {t("search.submit")}
          </Button>
        </form>
        {!term ? null : search.isPending || (search.isFetching && !search.data) ? (
          <Spinner label={t("search.searching")} />
        ) : search.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("search.failed")}
          </p>
        ) : search.data ? (
          <SearchResults result={search.data} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function SearchResults({ result }: { result: SearchResult }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4" aria-live="polite" data-testid="search-results">
      <ResultGroup testId="search-group-leads" title={t("search.groups.leads")} total={result.totals.leads} empty={t("search.empty.leads")}>
        {result.leads.map((lead) => (
          <li key={lead.id} className="py-1.5" data-testid="search-lead">
            <Link href={leadPagePath(lead.id)} className="block truncate text-sm font-medium underline-offset-4 hover:underline">
              {lead.businessName}
            </Link>
            <p className="truncate text-xs text-muted-foreground">{lead.email}</p>
          </li>
        ))}
      </ResultGroup>
      <ResultGroup
        testId="search-group-affiliates"
        title={t("search.groups.affiliates")}
        total={result.totals.affiliates}
        empty={t("search.empty.affiliates")}
      >
        {result.affiliates.map((affiliate) => (
          <li key={affiliate.id} className="flex items-center justify-between gap-2 py-1.5">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{affiliate.name}</p>
              <p className="truncate text-xs text-muted-foreground">{affiliate.email}</p>
            </div>
            <Badge variant="outline" className="font-mono">
              {affiliate.uniqueCode}
            </Badge>
          </li>
        ))}
      </ResultGroup>
      <ResultGroup testId="search-group-issues" title={t("search.groups.issues")} total={result.totals.issues} empty={t("search.empty.issues")}>
        {result.issues.map((issue) => (
          <li key={issue.id} className="flex items-center justify-between gap-2 py-1.5" data-testid="search-issue">
            <Link
              href={issueReviewPath(issue.id)}
              className="line-clamp-2 min-w-0 text-sm underline-offset-4 hover:underline"
              aria-label={t("search.openIssue", { id: issue.id, description: issue.description })}
            >
              {issue.description}
            </Link>
            <IssueStatusBadge status={issue.status} />
          </li>
        ))}
      </ResultGroup>
      <ResultGroup testId="search-group-notes" title={t("search.groups.notes")} total={result.totals.notes} empty={t("search.empty.notes")}>
        {result.notes.map((note) => (
          <li key={note.id} className="py-1.5" data-testid="search-note">
            <Link href={leadPagePath(note.leadId)} className="block truncate text-sm font-medium underline-offset-4 hover:underline">
              {note.businessName}
            </Link>
            <p className="line-clamp-2 text-xs text-muted-foreground">{note.excerpt}</p>
          </li>
        ))}
      </ResultGroup>
    </div>
  );
}

type ResultGroupProps = { title: string; total: number; empty: string; testId: string; children: ReactNode[] };

/** "Leads (12)": the heading counts every match; the list shows the best few. */
function ResultGroup({ title, total, empty, testId, children }: ResultGroupProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const shown = children.length;
  return (
    <section data-testid={testId} className="grid gap-1">
      <h3 className="text-sm font-semibold">{t("search.groupHeading", { group: title, count: format.number(total) })}</h3>
      {shown === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <>
          <ul className="divide-y">{children}</ul>
          {total > shown ? (
            <p className="text-xs text-muted-foreground">{t("search.showingBest", { shown: format.number(shown), total: format.number(total) })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
