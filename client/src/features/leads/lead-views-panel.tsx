import { useState, type FormEvent } from "react";
import { Bookmark, MoreHorizontal, Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { LeadTableState } from "@contract/lead-table";
import { LEAD_VIEW_NAME_MAX, LEAD_VIEW_SHARE_PERMISSION, type LeadView } from "@contract/lead-views";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useCan } from "@/lib/authorization";
import { cn } from "@/lib/utils";
import { leadTableToSearch } from "./lead-table-url";
import {
  leadViewBody,
  leadViewState,
  useClearDefaultLeadView,
  useCreateLeadView,
  useDeleteLeadView,
  useLeadViews,
  useSetDefaultLeadView,
  useUpdateLeadView,
} from "./lead-view-queries";
import type { LeadFiltersState } from "./use-lead-filters";

/** Whether a view shows what the table shows now (its filters, sort and columns). */
const showsState = (view: LeadView, state: LeadTableState) => leadTableToSearch({ state: leadViewState(view) }) === leadTableToSearch({ state });

type Editing = { mode: "create" } | { mode: "rename"; view: LeadView };

/**
 * The saved views beside the leads table (above it when narrow): the signed-in person's own and the shared ones, the
 * default starred. Picking one gives the table its filters, sort and columns (a history entry, so back returns); the
 * current table can be saved as a new view or written into the view picked; each view can be renamed, deleted or made
 * the default its owner (or a manager) may change.
 */
export function LeadViewsPanel({ filters }: { filters: LeadFiltersState }) {
  const { t } = useTranslation();
  const views = useLeadViews();
  const [picked, setPicked] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<LeadView | null>(null);
  const update = useUpdateLeadView();
  const remove = useDeleteLeadView();
  const setDefault = useSetDefaultLeadView();
  const clearDefault = useClearDefaultLeadView();

  const list = views.data ?? [];
  const current = list.find((view) => view.id === picked) ?? list.find((view) => showsState(view, filters.state));
  const changed = current !== undefined && !showsState(current, filters.state);

  const failed = (fallback: string) => (error: unknown) =>
    toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, fallback) });

  const apply = (view: LeadView) => {
    setPicked(view.id);
    filters.setState(leadViewState(view));
  };
  const saveCurrent = (view: LeadView) =>
    update.mutate(
      { id: view.id, body: leadViewBody(filters.state, view.name, view.shared) },
      { onSuccess: () => toast({ title: t("leads.views.updated", { name: view.name }) }), onError: failed(t("leads.views.saveFailed")) },
    );

  return (
    <Card className="min-w-0" data-testid="lead-views">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t("leads.views.title")}</CardTitle>
        <div className="flex flex-wrap gap-2">
          {current?.canEdit && changed ? (
            <Button variant="outline" size="sm" onClick={() => saveCurrent(current)} disabled={update.isPending} data-testid="lead-view-update-current">
              {t("leads.views.updateCurrent", { name: current.name })}
            </Button>
          ) : null}
          <Button size="sm" onClick={() => setEditing({ mode: "create" })} data-testid="lead-view-save">
            <Bookmark aria-hidden="true" />
            {t("leads.views.save")}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {views.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            {t("leads.views.loading")}
          </p>
        ) : views.isError ? (
          <RetryAlert message={t("leads.views.error", { message: apiErrorMessage(views.error) })} onRetry={() => void views.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="lead-views-empty">
            {t("leads.views.empty")}
          </p>
        ) : (
          <ul className="flex flex-wrap gap-1.5 @min-[77rem]:flex-col" aria-label={t("leads.views.title")}>
            {list.map((view) => {
              const isCurrent = view.id === current?.id;
              return (
                <li key={view.id} className="flex min-w-0 items-center gap-0.5 rounded-md border @min-[77rem]:border-0" data-testid="lead-view">
                  <button
                    type="button"
                    className={cn(
                      "flex min-w-0 flex-1 flex-col items-start rounded-md px-2 py-1 text-left text-sm hover:bg-accent",
                      isCurrent && "bg-accent font-medium",
                    )}
                    aria-current={isCurrent ? "true" : undefined}
                    onClick={() => apply(view)}
                    data-testid="lead-view-apply"
                  >
                    <span className="flex max-w-full items-center gap-1">
                      {view.isDefault ? <Star aria-hidden="true" className="size-3.5 shrink-0 fill-current text-amber-700 dark:text-amber-400" /> : null}
                      <span className="truncate" data-testid="lead-view-name">
                        {view.name}
                      </span>
                      {isCurrent && changed ? <span className="text-xs font-normal text-muted-foreground">{t("leads.views.changed")}</span> : null}
                    </span>
                    <span className="max-w-full truncate text-xs font-normal text-muted-foreground" data-testid="lead-view-owner">
                      {[
                        view.isDefault ? t("leads.views.default") : null,
                        view.shared ? (view.mine ? t("leads.views.sharedByMe") : t("leads.views.sharedBy", { name: view.ownerName })) : t("leads.views.personal"),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </button>
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button variant="ghost" size="icon-sm" aria-label={t("leads.views.actions", { name: view.name })} data-testid="lead-view-actions">
                        <MoreHorizontal aria-hidden="true" />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      {view.isDefault ? (
                        <DropdownMenuItem onSelect={() => clearDefault.mutate(undefined, { onError: failed(t("leads.views.saveFailed")) })}>
                          {t("leads.views.clearDefault")}
                        </DropdownMenuItem>
                      ) : (
                        <DropdownMenuItem onSelect={() => setDefault.mutate(view.id, { onError: failed(t("leads.views.saveFailed")) })}>
                          {t("leads.views.setDefault")}
                        </DropdownMenuItem>
                      )}
                      <DropdownMenuSeparator />
                      {view.canEdit ? (
                        <>
                          <DropdownMenuItem onSelect={() => saveCurrent(view)}>{t("leads.views.saveCurrentInto")}</DropdownMenuItem>
                          <DropdownMenuItem onSelect={() => setEditing({ mode: "rename", view })}>{t("leads.views.rename")}</DropdownMenuItem>
                          <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(view)}>
                            {t("leads.views.delete")}
                          </DropdownMenuItem>
                        </>
                      ) : (
                        <DropdownMenuLabel className="max-w-60 text-xs font-normal text-muted-foreground">{t("leads.views.notYours")}</DropdownMenuLabel>
                      )}
                    </DropdownMenuContent>
                  </DropdownMenu>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <LeadViewDialog editing={editing} state={filters.state} onClose={() => setEditing(null)} onSaved={(view) => setPicked(view.id)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("leads.views.deleteTitle")}
        description={deleting ? t("leads.views.deleteDescription", { name: deleting.name }) : null}
        submitLabel={t("leads.views.delete")}
        submittingLabel={t("leads.views.deleting")}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: t("leads.views.deleted", { name: deleting.name }) });
              setDeleting(null);
            },
            onError: failed(t("leads.views.deleteFailed")),
          })
        }
        data-testid="lead-view-delete-dialog"
      />
    </Card>
  );
}

/** Save the table as a new view (name, shared), or rename a view (its filters stay as saved). */
function LeadViewDialog({ editing, state, onClose, onSaved }: { editing: Editing | null; state: LeadTableState; onClose: () => void; onSaved: (view: LeadView) => void }) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="lead-view-dialog">
        {/* Keyed: each opening starts from the view's own values. */}
        {editing ? <LeadViewForm key={editing.mode === "rename" ? editing.view.id : "new"} editing={editing} state={state} onClose={onClose} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LeadViewForm({ editing, state, onClose, onSaved }: { editing: Editing; state: LeadTableState; onClose: () => void; onSaved: (view: LeadView) => void }) {
  const { t } = useTranslation();
  const view = editing.mode === "rename" ? editing.view : undefined;
  const [name, setName] = useState(view?.name ?? "");
  const [shared, setShared] = useState(view?.shared ?? false);
  const [problem, setProblem] = useState<string>();
  const mayShare = useCan(LEAD_VIEW_SHARE_PERMISSION) === true;
  const create = useCreateLeadView();
  const update = useUpdateLeadView();
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem(t("leads.views.nameRequired"));
    const options = {
      onSuccess: (saved: unknown) => {
        toast({ title: t("leads.views.saved", { name: trimmed }) });
        onSaved(saved as LeadView);
        onClose();
      },
      onError: (error: unknown) => setProblem(apiErrorMessage(error, t("leads.views.saveFailed"))),
    };
    if (view) update.mutate({ id: view.id, body: { ...leadViewBody(leadViewState(view), trimmed, shared) } }, options);
    else create.mutate(leadViewBody(state, trimmed, shared), options);
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{view ? t("leads.views.renameTitle") : t("leads.views.saveTitle")}</DialogTitle>
        <DialogDescription>{view ? t("leads.views.renameDescription") : t("leads.views.saveDescription")}</DialogDescription>
      </DialogHeader>
      <FormField id="lead-view-name" label={t("leads.views.name")} error={problem}>
        <Input
          {...fieldA11yProps("lead-view-name", problem)}
          value={name}
          maxLength={LEAD_VIEW_NAME_MAX}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
          data-testid="lead-view-name-input"
        />
      </FormField>
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Checkbox
            id="lead-view-shared"
            checked={shared}
            disabled={!mayShare}
            aria-describedby={mayShare ? undefined : "lead-view-shared-reason"}
            onCheckedChange={(checked) => setShared(checked === true)}
            data-testid="lead-view-shared"
          />
          <label htmlFor="lead-view-shared" className={cn("text-sm", !mayShare && "text-muted-foreground")}>
            {t("leads.views.shared")}
          </label>
        </div>
        {mayShare ? null : (
          <p id="lead-view-shared-reason" className="text-xs text-muted-foreground" data-testid="lead-view-shared-reason">
            {t("leads.views.shareNeedsManager")}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={pending} data-testid="lead-view-submit">
          {pending ? t("leads.views.saving") : view ? t("leads.views.renameSubmit") : t("leads.views.saveSubmit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
