import { useId } from "react";
import { ArrowDown, ArrowUp, Columns3 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LEAD_COLUMNS, leadColumnIds, type LeadColumnId } from "@contract/lead-table";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

/** Each column's header, as a translation key. */
export const LEAD_COLUMN_LABEL = {
  business: "leads.columns.business",
  owner: "leads.columns.owner",
  email: "leads.columns.contact",
  industry: "leads.columns.industry",
  status: "leads.columns.status",
  priority: "leads.columns.priority",
  stage: "leads.columns.stage",
  assignee: "leads.columns.assignee",
  source: "leads.columns.source",
  created: "leads.columns.created",
  updated: "leads.columns.updated",
} as const satisfies Record<LeadColumnId, `leads.columns.${string}`>;

/** The column every table keeps: the lead's name and the link to its page. */
const KEPT: LeadColumnId = "business";

/** Shows or hides a column: a shown one keeps its place, a newly shown one goes last. */
export function toggleLeadColumn(columns: readonly LeadColumnId[], id: LeadColumnId, on: boolean): LeadColumnId[] {
  if (id === KEPT) return [...columns];
  const without = columns.filter((each) => each !== id);
  return on ? [...without, id] : without;
}

/** Moves a shown column one place earlier (-1) or later (+1). */
export function moveLeadColumn(columns: readonly LeadColumnId[], id: LeadColumnId, by: -1 | 1): LeadColumnId[] {
  const next = [...columns];
  const from = next.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= next.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * The Columns button beside Filter: a panel listing every column, the shown ones first in their order, each with a
 * checkbox to show or hide it and buttons to move it up or down; Business always stays. Reset brings back the default
 * set. The choice is written to the address (with the table's other state), so a link or a reload keeps it.
 */
export function LeadColumnsMenu({ columns, onChange }: { columns: readonly LeadColumnId[]; onChange: (columns: LeadColumnId[]) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const keptId = useId();
  const hidden = leadColumnIds.filter((id) => !columns.includes(id));
  const isDefault = columns.join(",") === DEFAULT_LEAD_COLUMNS.join(",");

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="h-9" data-testid="lead-columns-button">
          <Columns3 aria-hidden="true" />
          <span>{t("leads.columns.menu.button")}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="grid w-80 gap-2" aria-labelledby={titleId} data-testid="lead-columns-panel">
        <h3 id={titleId} className="text-sm font-medium">
          {t("leads.columns.menu.title")}
        </h3>
        <p id={keptId} className="text-xs text-muted-foreground">
          {t("leads.columns.menu.kept")}
        </p>
        <ul className="grid gap-0.5" aria-labelledby={titleId}>
          {[...columns, ...hidden].map((id) => {
            const shown = columns.includes(id);
            const index = columns.indexOf(id);
            const name = t(LEAD_COLUMN_LABEL[id]);
            const checkboxId = `lead-column-${id}`;
            return (
              <li key={id} className="flex items-center gap-2 rounded-sm px-1 py-0.5 hover:bg-muted/50" data-testid={`lead-column-${id}`}>
                <Checkbox
                  id={checkboxId}
                  checked={shown}
                  disabled={id === KEPT}
                  aria-describedby={id === KEPT ? keptId : undefined}
                  onCheckedChange={(on) => onChange(toggleLeadColumn(columns, id, on === true))}
                />
                <Label htmlFor={checkboxId} className="flex-1 cursor-pointer font-normal">
                  {name}
                </Label>
                {shown ? (
                  <>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      disabled={index === 0}
                      aria-label={t("leads.columns.menu.moveUp", { name })}
                      title={t("leads.columns.menu.moveUp", { name })}
                      onClick={() => onChange(moveLeadColumn(columns, id, -1))}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      disabled={index === columns.length - 1}
                      aria-label={t("leads.columns.menu.moveDown", { name })}
                      title={t("leads.columns.menu.moveDown", { name })}
                      onClick={() => onChange(moveLeadColumn(columns, id, 1))}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
        <Button variant="ghost" size="sm" className="justify-self-end" disabled={isDefault} onClick={() => onChange([...DEFAULT_LEAD_COLUMNS])} data-testid="lead-columns-reset">
          {t("leads.columns.menu.reset")}
        </Button>
      </PopoverContent>
    </Popover>
  );
}
