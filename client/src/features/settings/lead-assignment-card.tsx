import { useId, useState, type FormEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import {
  leadAccessEndpoints,
  leadAssignmentModes,
  leadAssignmentSources,
  type LeadAssignmentMode,
  type LeadAssignmentRule,
  type LeadAssignmentSource,
} from "@contract/lead-access";
import { SelectField } from "@/components/select-field";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage, apiFieldErrors } from "@/lib/api";
import { useMayCall } from "@/lib/authorization";
import { useAssignableStaff } from "@/lib/staff";
import { useValidationMessage } from "@/lib/validation-message";
import { useLeadAssignment, useUpdateLeadAssignment } from "./lead-access-queries";

type Draft = { mode: LeadAssignmentMode; userIds: number[] };
type Person = { id: number; name: string; available: boolean };

/**
 * Assignment rules (issue 26.5): how a new lead from the public form, the lead-capture API or an import is assigned
 * (to nobody, to one person, or in turn over chosen staff). Administrators edit and save all three at once, the
 * server's refusals shown beside the source they concern; everyone else reads them.
 */
export function LeadAssignmentCard() {
  const { t } = useTranslation();
  const rules = useLeadAssignment();
  const mayChange = useMayCall(leadAccessEndpoints.updateAssignment) === true;

  return (
    <Card className="min-w-0" data-testid="settings-lead-assignment">
      <CardHeader>
        <CardTitle>{t("settings.leadAssignment.title")}</CardTitle>
        <CardDescription>{t("settings.leadAssignment.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {rules.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("settings.leadAssignment.loading")}
          </p>
        ) : rules.isError ? (
          <RetryAlert message={apiErrorMessage(rules.error, t("settings.leadAssignment.loadFailed"))} onRetry={() => void rules.refetch()} />
        ) : mayChange ? (
          <LeadAssignmentForm key={rules.data.rules.map((rule) => rule.updatedAt).join()} stored={rules.data.rules} />
        ) : (
          <ReadOnlyRules rules={rules.data.rules} />
        )}
      </CardContent>
    </Card>
  );
}

/** A rule in words: "Nobody", "Ana Ruiz", "In turn: Ana Ruiz, Ben Ode". */
function ruleText(t: TFunction, rule: Pick<LeadAssignmentRule, "mode" | "people">): string {
  const names = rule.people.map((person) => person.name).join(", ");
  if (rule.mode === "one") return t("settings.leadAssignment.summary.one", { name: names });
  if (rule.mode === "roundRobin") return t("settings.leadAssignment.summary.roundRobin", { names });
  return t("settings.leadAssignment.summary.none");
}

function ReadOnlyRules({ rules }: { rules: LeadAssignmentRule[] }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]" data-testid="lead-assignment-read-only">
        {leadAssignmentSources.map((source) => {
          const rule = rules.find((each) => each.source === source);
          return (
            <div key={source} className="contents">
              <dt className="font-medium">{t(`settings.leadAssignment.sources.${source}`)}</dt>
              <dd className="min-w-0 break-words">{rule ? ruleText(t, rule) : t("settings.leadAssignment.summary.none")}</dd>
            </div>
          );
        })}
      </dl>
      <p className="text-sm text-muted-foreground">{t("settings.leadAssignment.adminOnly")}</p>
    </>
  );
}

function LeadAssignmentForm({ stored }: { stored: LeadAssignmentRule[] }) {
  const { t } = useTranslation();
  const update = useUpdateLeadAssignment();
  const staff = useAssignableStaff();
  const [drafts, setDrafts] = useState<Record<LeadAssignmentSource, Draft>>(() => {
    const byRule = (source: LeadAssignmentSource): Draft => {
      const rule = stored.find((each) => each.source === source);
      return { mode: rule?.mode ?? "none", userIds: rule?.userIds ?? [] };
    };
    return { form: byRule("form"), api: byRule("api"), import: byRule("import") };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Everyone on offer: the staff who may hold leads, and anyone a stored rule still names (deactivated since, say).
  const people: Person[] = (staff.data ?? []).map((person) => ({ id: person.id, name: person.name, available: true }));
  for (const rule of stored) {
    for (const person of rule.people) if (!people.some((each) => each.id === person.id)) people.push(person);
  }

  const change = (source: LeadAssignmentSource, next: Draft) => {
    setDrafts((now) => ({ ...now, [source]: next }));
    setErrors((now) => Object.fromEntries(Object.entries(now).filter(([key]) => !key.startsWith(`${source}.`))));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rules = leadAssignmentSources.map((source) => ({ source, ...drafts[source], userIds: drafts[source].mode === "none" ? [] : drafts[source].userIds }));
    update.mutate(
      { rules },
      {
        onSuccess: () => {
          setErrors({});
          toast({ title: t("settings.leadAssignment.saved"), description: t("settings.leadAssignment.savedDescription") });
        },
        onError: (error) => {
          // The server names a rule by its place in the list sent (rules.<i>.userIds): shown under that source.
          const bySource: Record<string, string> = {};
          for (const [path, message] of Object.entries(apiFieldErrors(error))) {
            const match = /^rules\.(\d+)\.(\w+)/.exec(path);
            const source = match ? rules[Number(match[1])]?.source : undefined;
            if (source && match) bySource[`${source}.${match[2] === "mode" ? "mode" : "userIds"}`] = message;
          }
          setErrors(bySource);
          toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("settings.leadAssignment.saveFailed")) });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t("settings.leadAssignment.title")}>
      {staff.isError ? <RetryAlert message={t("settings.leadAssignment.staffFailed")} onRetry={() => void staff.refetch()} /> : null}
      <div className="grid gap-4 lg:grid-cols-3">
        {leadAssignmentSources.map((source) => (
          <RuleFields
            key={source}
            source={source}
            draft={drafts[source]}
            people={people}
            staffLoading={staff.isPending}
            errors={{ mode: errors[`${source}.mode`], userIds: errors[`${source}.userIds`] }}
            onChange={(next) => change(source, next)}
          />
        ))}
      </div>
      <div>
        <Button type="submit" disabled={update.isPending} data-testid="lead-assignment-save">
          {update.isPending ? t("settings.leadAssignment.saving") : t("settings.leadAssignment.save")}
        </Button>
      </div>
    </form>
  );
}

type RuleFieldsProps = {
  source: LeadAssignmentSource;
  draft: Draft;
  people: Person[];
  staffLoading: boolean;
  errors: { mode?: string | undefined; userIds?: string | undefined };
  onChange: (next: Draft) => void;
};

/** One source's rule: the mode as radio buttons, then the one person or the people who take turns. */
function RuleFields({ source, draft, people, staffLoading, errors, onChange }: RuleFieldsProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const id = useId();
  const peopleError = message(errors.userIds);
  const label = (person: Person) => (person.available ? person.name : t("settings.leadAssignment.unavailable", { name: person.name }));

  return (
    <fieldset className="grid min-w-0 content-start gap-3 rounded-md border p-3" data-testid={`lead-assignment-${source}`}>
      <legend className="px-1 text-sm font-semibold">{t(`settings.leadAssignment.sources.${source}`)}</legend>
      <div role="radiogroup" aria-label={t("settings.leadAssignment.modeLabel", { source: t(`settings.leadAssignment.sources.${source}`) })} className="grid gap-1.5">
        {leadAssignmentModes.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={draft.mode === mode}
              onChange={() => onChange({ mode, userIds: mode === "one" ? draft.userIds.slice(0, 1) : draft.userIds })}
              className="size-4 accent-primary"
            />
            {t(`settings.leadAssignment.modes.${mode}`)}
          </label>
        ))}
        {errors.mode ? <p className="text-sm text-destructive">{message(errors.mode)}</p> : null}
      </div>
      {draft.mode === "none" ? null : staffLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t("settings.leadAssignment.staffLoading")}
        </p>
      ) : people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("settings.leadAssignment.noStaff")}</p>
      ) : draft.mode === "one" ? (
        <SelectField
          id={`${id}-person`}
          label={t("settings.leadAssignment.person")}
          value={draft.userIds[0] !== undefined ? String(draft.userIds[0]) : ""}
          onChange={(value) => onChange({ mode: "one", userIds: value ? [Number(value)] : [] })}
          placeholder={t("settings.leadAssignment.choosePerson")}
          options={people.map((person) => ({ value: String(person.id), label: label(person) }))}
          error={peopleError}
        />
      ) : (
        <fieldset className="grid gap-1.5" aria-describedby={peopleError ? `${id}-people-error` : undefined} aria-invalid={peopleError ? true : undefined}>
          <legend className="mb-1 text-sm font-medium">{t("settings.leadAssignment.people")}</legend>
          <ul className="grid max-h-48 gap-1.5 overflow-y-auto">
            {people.map((person) => {
              const checked = draft.userIds.includes(person.id);
              return (
                <li key={person.id} className="flex min-w-0 items-center gap-2">
                  <Checkbox
                    id={`${id}-person-${person.id}`}
                    checked={checked}
                    onCheckedChange={(on) =>
                      onChange({
                        mode: "roundRobin",
                        userIds: on === true ? [...draft.userIds, person.id] : draft.userIds.filter((each) => each !== person.id),
                      })
                    }
                  />
                  <label htmlFor={`${id}-person-${person.id}`} className="truncate text-sm">
                    {label(person)}
                  </label>
                </li>
              );
            })}
          </ul>
          {peopleError ? (
            <p id={`${id}-people-error`} className="text-sm text-destructive">
              {peopleError}
            </p>
          ) : null}
        </fieldset>
      )}
    </fieldset>
  );
}
