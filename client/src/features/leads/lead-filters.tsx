import { ListFilter } from "lucide-react";
import { useTranslation } from "react-i18next";
import { industryOptions, leadStatuses, type LeadStatus } from "@contract/leads";
import { SelectField } from "@/components/select-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { industryLabel, statusLabel } from "./lead-labels";
import type { LeadFiltersState } from "./use-lead-filters";

/** The Filter button: status and industry, with the number of filters set and a way to clear them. */
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
      <PopoverContent align="end" className="grid gap-3" data-testid="lead-filter-panel">
        <SelectField
          id="lead-filter-status"
          label={t("leads.fields.status")}
          value={filters.status}
          onChange={(value) => filters.setStatus(value as LeadStatus | "")}
          placeholder={t("leads.filters.allStatuses")}
          noneLabel={t("leads.filters.allStatuses")}
          options={leadStatuses.map((value) => ({ value, label: statusLabel(t, value) }))}
        />
        <SelectField
          id="lead-filter-industry"
          label={t("leads.fields.industry")}
          value={filters.industry}
          onChange={filters.setIndustry}
          placeholder={t("leads.filters.allIndustries")}
          noneLabel={t("leads.filters.allIndustries")}
          options={industryOptions.map((value) => ({ value, label: industryLabel(t, value) }))}
        />
        <Button variant="ghost" size="sm" className="justify-self-end" disabled={count === 0} onClick={filters.clearFilters}>
          {t("leads.filters.clear")}
        </Button>
      </PopoverContent>
    </Popover>
  );
}
