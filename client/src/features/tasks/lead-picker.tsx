import { useId, useState, type ReactNode } from "react";
import { Check, ChevronsUpDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { SearchInput } from "@/components/ui/search-input";
import { apiErrorMessage } from "@/lib/api";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";
import { useLeadOptions } from "./task-queries";

const OPTION_LIMIT = 8;
const SEARCH_DEBOUNCE_MS = 250;

export type LeadChoice = { id: number; name: string };

type LeadPickerProps = {
  /** The trigger's id, for its <label>. */
  id: string;
  value: LeadChoice | null;
  onChange: (lead: LeadChoice | null) => void;
  /** What "no lead" is called here: "All leads" in a filter, "No lead" in a form. */
  noneLabel: string;
  className?: string;
  "aria-describedby"?: string;
};

/**
 * Picks one lead by searching (there may be a million): a button that opens a search box over the newest matching
 * leads. The first entry clears the choice.
 */
export function LeadPicker({ id, value, onChange, noneLabel, className, ...rest }: LeadPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const options = useLeadOptions(q, OPTION_LIMIT, open);
  const resultsId = useId();

  const choose = (lead: LeadChoice | null) => {
    onChange(lead);
    setOpen(false);
    setSearch("");
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          className={cn("w-full justify-between font-normal", !value && "text-muted-foreground", className)}
          aria-describedby={rest["aria-describedby"]}
          data-testid={`${id}-trigger`}
        >
          <span className="truncate">{value ? value.name : noneLabel}</span>
          <ChevronsUpDown aria-hidden="true" className="opacity-60" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 p-2" data-testid={`${id}-options`}>
        <SearchInput
          autoFocus
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t("tasks.leadPicker.placeholder")}
          aria-label={t("tasks.leadPicker.search")}
          aria-controls={resultsId}
        />
        <div id={resultsId} className="mt-2 max-h-64 overflow-y-auto" aria-busy={options.isFetching} aria-label={t("tasks.leadPicker.results")} role="group">
          <PickerOption selected={value === null} onSelect={() => choose(null)}>
            {noneLabel}
          </PickerOption>
          {options.isPending ? (
            <p className="px-2 py-2 text-muted-foreground">{t("tasks.leadPicker.searching")}</p>
          ) : options.isError ? (
            <p role="alert" className="px-2 py-2 text-destructive-strong">
              {t("tasks.leadPicker.error", { message: apiErrorMessage(options.error, t("common.networkError")) })}
            </p>
          ) : options.data.length === 0 ? (
            <p className="px-2 py-2 text-muted-foreground">{t("tasks.leadPicker.noResults")}</p>
          ) : (
            options.data.map((lead) => (
              <PickerOption key={lead.id} selected={value?.id === lead.id} onSelect={() => choose({ id: lead.id, name: lead.name })}>
                <span className="block truncate">{lead.name}</span>
                <span className="block truncate text-xs text-muted-foreground">{lead.email}</span>
              </PickerOption>
            ))
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}

function PickerOption({ selected, onSelect, children }: { selected: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left hover:bg-accent focus-visible:bg-accent focus-visible:-outline-offset-2"
      data-testid="lead-option"
    >
      <Check aria-hidden="true" className={cn("size-4 shrink-0", selected ? "opacity-100" : "opacity-0")} />
      <span className="min-w-0 flex-1">{children}</span>
    </button>
  );
}
