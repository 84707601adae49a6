import { useId, useState, type KeyboardEvent } from "react";
import { ListFilter } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { industryOptions, leadPriorities, leadStatuses, LEAD_AFFILIATE_ANY, LEAD_ASSIGNEE_ME, LEAD_ASSIGNEE_NONE } from "@contract/leads";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { RemovableChip } from "@/components/removable-chip";
import { SelectField } from "@/components/select-field";
import { TagsInput } from "@/components/tags-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { stageLabel } from "@/lib/labels";
import { staffLabel, useStaffDirectory } from "@/lib/staff";
import { useFormatters } from "@/lib/use-formatters";
import { industryLabel, priorityLabel, statusLabel } from "./lead-labels";
import { useLeadStageNames } from "./lead-view-queries";
import { LEAD_MANY_FILTERS, LEAD_ONE_FILTERS, type LeadFiltersState, type LeadManyFilter, type LeadOneFilter } from "./use-lead-filters";

const FREE_TEXT_MAX = 50;
const AMOUNT = /^-?\d{1,12}(\.\d{1,2})?$/;

/** Each filter's name in the panel and on its chips. */
const filterName = (t: TFunction, name: LeadManyFilter | LeadOneFilter): string => t(`leads.filters.fields.${name}`);

/** How a filter value reads beyond the fixed labels: a day in the reader's format, a staff id as the person's name. */
type ValueReaders = { date: (iso: string) => string; staffName: (id: string) => string | undefined };

/**
 * A filter value as its chip and its checkbox read it: statuses, priorities, industries and stages in the reader's
 * language, an assignee's id as the person's name (the address holds ids).
 */
function valueLabel(t: TFunction, name: LeadManyFilter | LeadOneFilter, value: string, { date, staffName }: ValueReaders): string {
  switch (name) {
    case "status":
      return statusLabel(t, value);
    case "priority":
      return priorityLabel(t, value);
    case "industry":
      return industryLabel(t, value);
    case "stage":
      return stageLabel(t, value);
    case "assignee":
      if (value.toLowerCase() === LEAD_ASSIGNEE_ME) return t("leads.filters.me");
      if (value.toLowerCase() === LEAD_ASSIGNEE_NONE) return t("leads.filters.unassigned");
      return staffName(value) ?? t("leads.filters.staffId", { id: value });
    case "affiliateCode":
      return value === LEAD_AFFILIATE_ANY ? t("leads.filters.anyPartner") : value;
    case "hasKpi":
      return value === "true" ? t("leads.filters.hasKpiYes") : t("leads.filters.hasKpiNo");
    case "createdFrom":
    case "createdTo":
    case "updatedFrom":
    case "updatedTo":
      return date(`${value}T12:00:00Z`);
    default:
      return value;
  }
}

/** A staff id's person's name, from the staff list (undefined while it loads, or for an id not on it). */
function useStaffName(): (id: string) => string | undefined {
  const { t } = useTranslation();
  const staff = useStaffDirectory();
  return (id) => {
    const person = staff.data?.find((each) => String(each.id) === id);
    return person && staffLabel(t, person);
  };
}

/** The Filter button and its panel: every filter of the list, several values where the server takes several. */
export function LeadFilters({ filters }: { filters: LeadFiltersState }) {
  const { t } = useTranslation();
  const count = filters.activeFilterCount;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="h-9"
          aria-label={count ? t("leads.filters.buttonActive", { count }) : t("leads.filters.button")}
          data-testid="lead-filter-button"
        >
          <ListFilter aria-hidden="true" />
          <span>{t("leads.filters.button")}</span>
          {count ? (
            <Badge variant="secondary" className="px-1.5" data-testid="lead-filter-count">
              {count}
            </Badge>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        collisionPadding={16}
        aria-label={t("leads.filters.title")}
        className="grid max-h-[min(40rem,var(--radix-popover-content-available-height))] w-[min(46rem,calc(100vw-2rem))] gap-4 overflow-y-auto"
        data-testid="lead-filter-panel"
      >
        <LeadFilterFields filters={filters} />
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" disabled={count === 0} onClick={filters.clearFilters} data-testid="lead-filter-clear">
            {t("leads.filters.clear")}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function LeadFilterFields({ filters }: { filters: LeadFiltersState }) {
  const { t } = useTranslation();
  const staff = useStaffDirectory();
  const staffName = useStaffName();
  const stages = useLeadStageNames();
  const readers: ValueReaders = { date: String, staffName };
  const labelOf = (name: LeadManyFilter) => (value: string) => valueLabel(t, name, value, readers);
  const options = (values: readonly string[], name: LeadManyFilter) => values.map((value) => ({ value, label: labelOf(name)(value) }));
  const many = (name: LeadManyFilter) => ({ name, values: filters.values(name), onChange: (next: string[]) => filters.setValues(name, next) });
  const staffIds = (staff.data ?? []).map((person) => String(person.id));

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CheckboxGroup {...many("status")} options={options(leadStatuses, "status")} />
      <CheckboxGroup {...many("priority")} options={options(leadPriorities, "priority")} />
      <CheckboxGroup
        {...many("stage")}
        options={options(stages.data ?? [], "stage")}
        state={stages.isPending ? "loading" : stages.isError ? "error" : undefined}
      />
      <CheckboxGroup {...many("industry")} options={options(industryOptions, "industry")} />
      <CheckboxGroup
        {...many("assignee")}
        className="sm:col-span-2"
        options={options([LEAD_ASSIGNEE_ME, LEAD_ASSIGNEE_NONE, ...staffIds], "assignee")}
        labelOf={labelOf("assignee")}
        state={staff.isPending ? "loading" : staff.isError ? "error" : undefined}
      />
      <FreeValues filters={filters} name="source" />
      <FreeValues filters={filters} name="tag" />
      <div className="grid gap-2 sm:col-span-2">
        <FreeValues filters={filters} name="affiliateCode" />
        <AnyPartner filters={filters} />
      </div>
      <DateRange filters={filters} from="createdFrom" to="createdTo" legend={t("leads.filters.created")} />
      <DateRange filters={filters} from="updatedFrom" to="updatedTo" legend={t("leads.filters.updated")} />
      <SelectField
        id="lead-filter-hasKpi"
        label={filterName(t, "hasKpi")}
        value={filters.value("hasKpi")}
        onChange={(value) => filters.setValue("hasKpi", value)}
        placeholder={t("leads.filters.hasKpiAny")}
        noneLabel={t("leads.filters.hasKpiAny")}
        options={[
          { value: "true", label: t("leads.filters.hasKpiYes") },
          { value: "false", label: t("leads.filters.hasKpiNo") },
        ]}
      />
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t("leads.filters.revenue")}</legend>
        <AmountField filters={filters} name="revenueMin" />
        <AmountField filters={filters} name="revenueMax" />
      </fieldset>
    </div>
  );
}

type CheckboxGroupProps = {
  name: LeadManyFilter;
  values: string[];
  onChange: (next: string[]) => void;
  options: { value: string; label: string }[];
  /** How a value set in the address but not offered reads (itself when not given). */
  labelOf?: (value: string) => string;
  state?: "loading" | "error";
  className?: string;
};

/** A filter's values as checkboxes under its name; a value set in the address but not offered still shows, checked. */
function CheckboxGroup({ name, values, onChange, options, labelOf = (value) => value, state, className }: CheckboxGroupProps) {
  const { t } = useTranslation();
  const id = useId();
  const folded = (value: string) => value.toLocaleLowerCase();
  const offered = options.map((option) => folded(option.value));
  const all = [...options, ...values.filter((value) => !offered.includes(folded(value))).map((value) => ({ value, label: labelOf(value) }))];
  const isOn = (value: string) => values.some((candidate) => folded(candidate) === folded(value));
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...values, value] : values.filter((candidate) => folded(candidate) !== folded(value)));
  return (
    <fieldset className={className} data-testid={`lead-filter-${name}`}>
      <legend className="mb-1.5 text-sm font-medium">{filterName(t, name)}</legend>
      {state === "loading" ? (
        <p className="text-xs text-muted-foreground">{t("leads.filters.loadingOptions")}</p>
      ) : state === "error" ? (
        <p className="text-xs text-destructive">{t("leads.filters.optionsError")}</p>
      ) : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1.5">
        {all.map((option, index) => (
          <li key={option.value} className="flex min-w-0 items-center gap-1.5">
            <Checkbox id={`${id}-${index}`} checked={isOn(option.value)} onCheckedChange={(checked) => toggle(option.value, checked === true)} />
            <label htmlFor={`${id}-${index}`} className="truncate text-sm">
              {option.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Free-text values (sources, tags, affiliate codes): type one and press Enter. */
function FreeValues({ filters, name }: { filters: LeadFiltersState; name: "source" | "tag" | "affiliateCode" }) {
  const { t } = useTranslation();
  const values = filters.values(name).filter((value) => name !== "affiliateCode" || value !== LEAD_AFFILIATE_ANY);
  const any = name === "affiliateCode" && filters.values(name).includes(LEAD_AFFILIATE_ANY);
  return (
    <TagsInput
      id={`lead-filter-${name}`}
      label={filterName(t, name)}
      value={values}
      onChange={(next) => filters.setValues(name, any ? [LEAD_AFFILIATE_ANY, ...next] : next)}
      problem={(next) => (next.some((value) => value.length > FREE_TEXT_MAX) ? t("errors.field.too_long", { max: FREE_TEXT_MAX }) : undefined)}
    />
  );
}

/** "Referred by any partner": the affiliate code filter's value `any`. */
function AnyPartner({ filters }: { filters: LeadFiltersState }) {
  const { t } = useTranslation();
  const values = filters.values("affiliateCode");
  const on = values.includes(LEAD_AFFILIATE_ANY);
  return (
    <div className="flex items-center gap-1.5">
      <Checkbox
        id="lead-filter-any-partner"
        checked={on}
        onCheckedChange={(checked) =>
          filters.setValues("affiliateCode", checked === true ? [...values, LEAD_AFFILIATE_ANY] : values.filter((value) => value !== LEAD_AFFILIATE_ANY))
        }
      />
      <label htmlFor="lead-filter-any-partner" className="text-sm">
        {t("leads.filters.anyPartner")}
      </label>
    </div>
  );
}

/** A range of days (from and to, both included): each end written as soon as it is a whole date. */
function DateRange({ filters, from, to, legend }: { filters: LeadFiltersState; from: LeadOneFilter; to: LeadOneFilter; legend: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid grid-cols-2 gap-2">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      {([from, to] as const).map((name) => (
        <div key={name} className="grid gap-1">
          <label htmlFor={`lead-filter-${name}`} className="text-xs text-muted-foreground">
            {name.endsWith("From") ? t("leads.filters.from") : t("leads.filters.to")}
          </label>
          <Input
            id={`lead-filter-${name}`}
            type="date"
            className="h-9"
            value={filters.value(name)}
            onChange={(event) => {
              if (event.target.value === "" || /^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) filters.setValue(name, event.target.value);
            }}
          />
        </div>
      ))}
    </fieldset>
  );
}

/** A YTD revenue bound, written when the field is left or Enter is pressed (not at each key: each write is a history entry). */
function AmountField({ filters, name }: { filters: LeadFiltersState; name: "revenueMin" | "revenueMax" }) {
  const { t } = useTranslation();
  const stored = filters.value(name);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? stored;
  const invalid = text.trim() !== "" && !AMOUNT.test(text.trim());
  const id = `lead-filter-${name}`;
  const error = invalid ? t("leads.filters.amountInvalid") : undefined;
  const commit = () => {
    if (draft === null || invalid) return;
    filters.setValue(name, draft);
    setDraft(null);
  };
  return (
    <FormField id={id} label={name === "revenueMin" ? t("leads.filters.from") : t("leads.filters.to")} error={error}>
      <Input
        {...fieldA11yProps(id, error)}
        inputMode="decimal"
        className="h-9"
        value={text}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === "Enter") commit();
        }}
      />
    </FormField>
  );
}

/** The filters set, as chips under the search: each one names its filter and value and removes it; Clear all removes them all. */
export function LeadFilterChips({ filters }: { filters: LeadFiltersState }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const staffName = useStaffName();
  const chips = [
    ...LEAD_MANY_FILTERS.flatMap((name) => filters.values(name).map((value) => ({ name, value }))),
    ...LEAD_ONE_FILTERS.flatMap((name) => (filters.value(name) ? [{ name, value: filters.value(name) }] : [])),
  ];
  if (chips.length === 0) return null;
  return (
    <div className="flex w-full flex-wrap items-center gap-1.5" data-testid="lead-filter-chips">
      <ul className="contents" aria-label={t("leads.filters.active")}>
        {chips.map(({ name, value }) => {
          const label = t("leads.filters.chip", { name: filterName(t, name), value: valueLabel(t, name, value, { date, staffName }) });
          return (
            <li key={`${name}:${value}`} className="min-w-0 max-w-full">
              <RemovableChip
                label={label}
                removeLabel={t("leads.filters.remove", { label })}
                onRemove={() => filters.remove(name, LEAD_MANY_FILTERS.includes(name as LeadManyFilter) ? value : undefined)}
                className="font-normal"
                data-testid="lead-filter-chip"
              />
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" size="sm" className="h-6 px-2 text-xs" onClick={filters.clearFilters} data-testid="lead-filter-clear-all">
        {t("leads.filters.clearAll")}
      </Button>
    </div>
  );
}
