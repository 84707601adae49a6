import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from "react";
import { ArrowLeftRight, ChevronLeft, ChevronRight, GripVertical } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { pipelineEndpoints, type PipelineLead, type PipelineStage } from "@contract/pipeline";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { LeadLink } from "@/features/leads";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { stageLabel } from "@/lib/labels";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { STAGES_KEY, stageCount, useMoveLead, useStageLeads, useStages, type MovableLead } from "./pipeline-queries";
import { StageOutcomeBadge } from "./stage-outcome";
import { useMayCall } from "@/lib/authorization";

const sameStage = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

type Dragged = { lead: MovableLead; from: string };
type MoveRequest = (lead: MovableLead, from: string, to: string, options?: { keepFocus?: boolean }) => void;

/**
 * The pipeline as columns, one per stage: drag a lead card to another column, or, from the keyboard, press Left or
 * Right on a card's Move button (or pick a stage in its menu). Each move is announced to screen readers, and the
 * column counts are the stages' exact counts, adjusted at once and read again when the moves settle.
 */
export function PipelineBoard() {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const stages = useStages();
  const moveLead = useMoveLead();
  const [dragged, setDragged] = useState<Dragged | null>(null);
  // After a keyboard move the lead's card takes the focus in its new column (the old card is gone by then).
  const [focusTarget, setFocusTarget] = useState<{ leadId: number; stage: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const hintId = useId();
  // The target stays until the person goes elsewhere (focuses something else, or clicks): a refresh that re-mounts the
  // card after it took the focus (the move's own, or a live one arriving late on a busy machine) then gives the focus
  // back to it instead of leaving it on the page's body.
  useEffect(() => {
    if (!focusTarget) return;
    const release = (event: Event) => {
      const card = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>("[data-focus-lead]") : null;
      if (event.type === "pointerdown" || card?.dataset.focusLead !== String(focusTarget.leadId)) setFocusTarget(null);
    };
    document.addEventListener("focusin", release);
    document.addEventListener("pointerdown", release);
    return () => {
      document.removeEventListener("focusin", release);
      document.removeEventListener("pointerdown", release);
    };
  }, [focusTarget]);
  const list = stages.data ?? [];

  const move: MoveRequest = (lead, from, to, options) => {
    if (sameStage(from, to)) return;
    if (options?.keepFocus) setFocusTarget({ leadId: lead.id, stage: to });
    // mutateAsync, not mutate: every move of a quick series gets its own outcome (mutate reports only the last one).
    moveLead
      .mutateAsync({ lead, from, to })
      .then(() => {
        const count = stageCount(queryClient.getQueryData<PipelineStage[]>(STAGES_KEY), to) ?? 0;
        setAnnouncement(t("productivity.board.moved", { lead: lead.businessName, stage: stageLabel(t, to), count, total: format.number(count) }));
      })
      .catch((error: unknown) => {
        if (options?.keepFocus) setFocusTarget({ leadId: lead.id, stage: from });
        setAnnouncement(t("productivity.board.moveFailed", { lead: lead.businessName, stage: from }));
        toast({ variant: "destructive", title: t("productivity.leadStages.failed"), description: apiErrorMessage(error, t("common.networkError")) });
      });
  };

  return (
    <Card className="min-w-0" data-testid="pipeline-board">
      <CardHeader>
        <CardTitle>{t("productivity.board.title")}</CardTitle>
        <CardDescription>{t("productivity.board.description")}</CardDescription>
        <p id={hintId} className="text-xs text-muted-foreground">
          {t("productivity.board.keyboardHint")}
        </p>
      </CardHeader>
      <CardContent aria-busy={stages.isFetching}>
        <p role="status" className="sr-only" data-testid="board-announcement">
          {announcement}
        </p>
        {stages.isPending ? (
          <div className="flex justify-center py-8" data-testid="board-loading">
            <Spinner label={t("productivity.stages.loading")} />
          </div>
        ) : stages.isError ? (
          <RetryAlert
            message={t("productivity.stages.error", { message: apiErrorMessage(stages.error, t("common.networkError")) })}
            onRetry={() => void stages.refetch()}
            data-testid="board-error"
          />
        ) : (
          <BoardScroller label={t("productivity.board.title")}>
            {list.map((stage, index) => (
              <BoardColumn
                key={stage.id ?? `implicit-${stage.name}`}
                stage={stage}
                previous={list[index - 1]?.name ?? null}
                next={list[index + 1]?.name ?? null}
                stages={list}
                dragged={dragged}
                onDragChange={setDragged}
                onMove={move}
                focusLeadId={focusTarget && sameStage(focusTarget.stage, stage.name) ? focusTarget.leadId : null}
                hintId={hintId}
              />
            ))}
          </BoardScroller>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The columns share the board's width (each at least 11 rem, so five fit from 1280 px); when more stages than that do
 * not fit, the board scrolls sideways and says so: the edge that has more fades out, with a button that scrolls that way.
 * The board itself takes the focus, so the arrow keys scroll it too.
 */
function BoardScroller({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const update = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollWidth - element.clientWidth - element.scrollLeft > 1;
      setMore((now) => (now.left === left && now.right === right ? now : { left, right }));
    };
    update();
    element.addEventListener("scroll", update, { passive: true });
    // Columns come and go, and fill as their leads load: the track's size changes without a scroll.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (track.current) observer.observe(track.current);
    return () => {
      element.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);

  const scrollBy = (direction: 1 | -1) => {
    const element = scroller.current;
    if (!element) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollBy({ left: direction * Math.max(element.clientWidth * 0.8, 200), behavior: smooth ? "smooth" : "auto" });
  };

  return (
    <div className="relative -mx-1">
      {/* Focusable so the keyboard can scroll it sideways even when no column holds a card. */}
      <div ref={scroller} role="region" aria-label={label} tabIndex={0} className="overflow-x-auto px-1 pb-2">
        <div ref={track} className="flex gap-2">
          {children}
        </div>
      </div>
      {more.left ? <BoardEdge side="left" label={t("productivity.board.scrollLeft")} onClick={() => scrollBy(-1)} /> : null}
      {more.right ? <BoardEdge side="right" label={t("productivity.board.scrollRight")} onClick={() => scrollBy(1)} /> : null}
    </div>
  );
}

/**
 * One edge of a board that scrolls: a fade over the cut column and a round button to scroll that way. The button is
 * for the pointer (tabIndex -1): from the keyboard the focused board scrolls with the arrow keys, and a button that
 * vanishes at the end of the board would drop the focus.
 */
function BoardEdge({ side, label, onClick }: { side: "left" | "right"; label: string; onClick: () => void }) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <>
      <div
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute inset-y-0 w-12 from-card to-transparent",
          side === "left" ? "left-0 bg-linear-to-r" : "right-0 bg-linear-to-l",
        )}
        data-testid={`board-fade-${side}`}
      />
      <Button
        variant="outline"
        size="icon-sm"
        tabIndex={-1}
        aria-label={label}
        title={label}
        onClick={onClick}
        className={cn("absolute top-1/2 -translate-y-1/2 rounded-full shadow-md", side === "left" ? "left-1" : "right-1")}
        data-testid={`board-scroll-${side}`}
      >
        <Icon aria-hidden="true" />
      </Button>
    </>
  );
}

type BoardColumnProps = {
  stage: PipelineStage;
  previous: string | null;
  next: string | null;
  stages: PipelineStage[];
  dragged: Dragged | null;
  onDragChange: (dragged: Dragged | null) => void;
  onMove: MoveRequest;
  focusLeadId: number | null;
  hintId: string;
};

function BoardColumn({ stage, previous, next, stages, dragged, onDragChange, onMove, focusLeadId, hintId }: BoardColumnProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const leads = useStageLeads(stage.name);
  const [over, setOver] = useState(false);
  const headingId = useId();
  const rows = leads.data?.pages.flatMap((page) => page.rows) ?? [];
  const accepts = dragged !== null && !sameStage(dragged.from, stage.name);
  const total = format.number(stage.leadCount);

  const onDragOver = (event: DragEvent) => {
    if (!accepts) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onDragChange(null);
    if (dragged) onMove(dragged.lead, dragged.from, stage.name);
  };

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "flex min-w-44 max-w-80 flex-1 basis-0 flex-col rounded-lg border bg-muted/50 transition-colors",
        accepts && "border-dashed border-ring",
        over && "bg-accent ring-2 ring-ring/50",
      )}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="board-column"
      data-stage={stage.name}
      data-outcome={stage.outcome}
    >
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <h3 id={headingId} className="truncate text-sm font-semibold" title={stageLabel(t, stage.name)}>
          <span aria-hidden="true">{stageLabel(t, stage.name)}</span>
          <span className="sr-only">{t("productivity.board.columnLabel", { name: stageLabel(t, stage.name), count: stage.leadCount, total })}</span>
        </h3>
        <div className="flex shrink-0 items-center gap-1">
          <StageOutcomeBadge outcome={stage.outcome} />
          <Badge variant="outline" className="bg-card tabular-nums" aria-hidden="true" data-testid="board-column-count">
            {total}
          </Badge>
        </div>
      </div>
      {leads.isPending ? (
        <div className="flex justify-center px-2 py-6">
          <Spinner label={t("productivity.board.loading")} />
        </div>
      ) : leads.isError ? (
        <div className="px-2 pb-2">
          <RetryAlert
            message={t("productivity.board.error", { name: stageLabel(t, stage.name), message: apiErrorMessage(leads.error, t("common.networkError")) })}
            onRetry={() => void leads.refetch()}
          />
        </div>
      ) : rows.length === 0 ? (
        <p className={cn("mx-2 mb-2 rounded-md border border-dashed px-2 py-6 text-center text-xs text-muted-foreground", accepts && "border-ring")}>
          {accepts ? t("productivity.board.dropHere") : t("productivity.board.empty")}
        </p>
      ) : (
        <ul className="flex max-h-[26rem] flex-col gap-2 overflow-y-auto px-1.5 pb-1.5">
          {rows.map((lead) => (
            <BoardCard
              key={lead.id}
              lead={lead}
              stage={stage.name}
              previous={previous}
              next={next}
              stages={stages}
              onDragChange={onDragChange}
              onMove={onMove}
              focus={focusLeadId === lead.id}
              hintId={hintId}
            />
          ))}
        </ul>
      )}
      {leads.hasNextPage ? (
        <div className="flex items-center justify-between gap-2 border-t px-3 py-1.5">
          <span className="text-xs text-muted-foreground">{t("productivity.board.shown", { shown: format.number(rows.length), total })}</span>
          <Button variant="ghost" size="sm" onClick={() => void leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
            {t("productivity.board.showMore")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

type BoardCardProps = {
  lead: PipelineLead;
  stage: string;
  previous: string | null;
  next: string | null;
  stages: PipelineStage[];
  onDragChange: (dragged: Dragged | null) => void;
  onMove: MoveRequest;
  /** Set after a keyboard move: the card takes focus in its new column, and again if a refresh re-mounts it. */
  focus: boolean;
  hintId: string;
};

function BoardCard({ lead, stage, previous, next, stages, onDragChange, onMove, focus, hintId }: BoardCardProps) {
  const { t } = useTranslation();
  const moveButton = useRef<HTMLButtonElement>(null);
  const movedFromMenu = useRef(false);
  const keepMovedFocus = (event: Event) => {
    if (!movedFromMenu.current) return;
    movedFromMenu.current = false;
    event.preventDefault();
  };
  // A role that may not move leads sees the cards without the drag handle or the Move menu.
  const mayMove = useMayCall(pipelineEndpoints.moveLead) === true;
  const owner = `${lead.businessOwnerName} ${lead.businessOwnerLastName}`.trim();

  useEffect(() => {
    if (focus) moveButton.current?.focus();
  }, [focus]);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.key === "ArrowLeft" ? previous : event.key === "ArrowRight" ? next : null;
    if (target === null) return;
    event.preventDefault();
    onMove(lead, stage, target, { keepFocus: true });
  };

  return (
    <li
      draggable={mayMove}
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", String(lead.id));
        event.dataTransfer.effectAllowed = "move";
        onDragChange({ lead, from: stage });
      }}
      onDragEnd={() => onDragChange(null)}
      className={mayMove ? "group flex cursor-grab items-center gap-1 rounded-md border bg-card p-2 shadow-xs active:cursor-grabbing" : "group flex items-center gap-1 rounded-md border bg-card p-2 shadow-xs"}
      data-testid="board-card"
      data-lead-id={lead.id}
    >
      {mayMove ? <GripVertical aria-hidden="true" className="-ml-0.5 size-3.5 shrink-0 text-muted-foreground" /> : null}
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium break-words">
          {/* Not draggable itself: dragging from the name drags the card; a click (no drag) opens the lead's page. */}
          <LeadLink id={lead.id} name={lead.businessName} draggable={false} data-testid="board-card-lead" />
        </p>
        <p className="truncate text-xs text-muted-foreground" title={owner}>
          {owner}
        </p>
      </div>
      {mayMove ? (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={moveButton}
            variant="ghost"
            size="icon-sm"
            className="size-7"
            aria-label={t("productivity.board.move", { name: lead.businessName })}
            aria-describedby={hintId}
            aria-keyshortcuts="ArrowLeft ArrowRight"
            onKeyDown={onKeyDown}
            data-focus-lead={lead.id}
            data-testid="board-card-move"
          >
            <ArrowLeftRight aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        {/* The chosen move hands the focus to the card in its new column (see focus above): the menu must not give it
            back to this trigger, which is leaving its column. */}
        <DropdownMenuContent align="end" onCloseAutoFocus={keepMovedFocus}>
          <DropdownMenuLabel>{t("productivity.board.moveTo")}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {stages.map((option) => {
            const current = sameStage(option.name, stage);
            return (
              <DropdownMenuItem
                key={option.id ?? `implicit-${option.name}`}
                disabled={current}
                onSelect={() => {
                  movedFromMenu.current = true;
                  onMove(lead, stage, option.name, { keepFocus: true });
                }}
              >
                {current ? t("productivity.board.current", { name: option.name }) : option.name}
              </DropdownMenuItem>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
      ) : null}
    </li>
  );
}
