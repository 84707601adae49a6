import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { useLocation } from "wouter";
import { useTranslation } from "react-i18next";
import { BookOpen, Bug, CircleCheck, Globe, Handshake, ListTodo, NotebookText, Search, UserPlus, Users, type LucideIcon } from "lucide-react";
import { leadEndpoints } from "@contract/leads";
import { taskEndpoints } from "@contract/tasks";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Button } from "@/components/ui/button";
import { DialogOverlay } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useMayCall } from "@/lib/authorization";
import { SUPPORTED_LANGUAGES } from "@/lib/languages";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";
import { KNOWLEDGE_TAB_PATH, knowledgeArticleSelector } from "@/features/innovation/knowledge-link";
import { issueReviewPath } from "@/features/issues";
import { leadPagePath } from "@/features/leads";
import { useGlobalSearch } from "@/features/search";
import { taskStatusLabel } from "@/features/tasks/task-labels";
import { preloadRoute } from "../router";
import { appRoutes, isNavRoute } from "../routes";

/** Typing pauses this long before the 1M-lead search is asked. */
const SEARCH_DEBOUNCE_MS = 200;

/** One choice of the palette: something to open or do. */
type PaletteItem = {
  id: string;
  group: "actions" | "pages" | "leads" | "affiliates" | "issues" | "notes" | "tasks" | "articles";
  label: string;
  detail?: string;
  icon: LucideIcon;
  run: () => void;
};

/** Case- and accent-insensitive: "gestion" finds "Gestión". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
const matchesTerm = (term: string, ...texts: (string | undefined)[]) => {
  const words = fold(term).split(/\s+/).filter(Boolean);
  const hay = fold(texts.filter(Boolean).join(" "));
  return words.every((word) => hay.includes(word));
};

/** Focuses an element of the page just opened (the Add New Lead form's first field) once its lazy chunk has drawn it. */
function focusWhenPresent(selector: string, triesLeft = 60) {
  const element = document.querySelector<HTMLElement>(selector);
  if (element) {
    element.focus();
    element.scrollIntoView({ block: "center" });
  } else if (triesLeft > 0) {
    window.setTimeout(() => focusWhenPresent(selector, triesLeft - 1), 50);
  }
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The command palette (issue 25.7): Ctrl+K / Cmd+K on every signed-in screen, or the header's Search button, opens one
 * box that finds leads, affiliates, issues, tasks and knowledge articles (Global Search, debounced) and pages (the route table, by their names),
 * and offers the actions the signed-in role may take. A combobox over a listbox: arrows move, Enter opens, Escape closes.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  /** What to focus once the box has closed, instead of the button that opened it (New lead: the form's first field). */
  const focusAfterClose = useRef<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const shortcut = isMac() ? "⌘ K" : t("commandPalette.shortcut");

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="hidden gap-2 text-muted-foreground sm:inline-flex"
          aria-keyshortcuts="Control+K Meta+K"
          data-testid="command-palette-button"
        >
          <Search aria-hidden="true" />
          <span>{t("commandPalette.button")}</span>
          <kbd className="rounded border bg-muted px-1.5 font-sans text-[11px] font-medium">{shortcut}</kbd>
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          onOpenAutoFocus={(event) => {
            // Focused here, not with autoFocus: this runs once the focus trap listens, so the trap remembers the box and
            // takes the focus back if the previous closing's queued return to the opener fires late (Escape then Ctrl+K).
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = focusAfterClose.current;
            focusAfterClose.current = null;
            if (target) {
              event.preventDefault();
              focusWhenPresent(target);
            }
          }}
          data-testid="command-palette"
          className="fixed left-1/2 top-[15%] z-50 flex max-h-[70vh] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 flex-col overflow-hidden rounded-lg border bg-card shadow-lg outline-none data-[state=open]:animate-fade-in sm:max-w-xl"
        >
          <DialogPrimitive.Title className="sr-only">{t("commandPalette.title")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t("commandPalette.description")}</DialogPrimitive.Description>
          {/* Mounted only while open: each opening starts from an empty box. */}
          {open ? (
            <PaletteBody
              inputRef={inputRef}
              close={(focusSelector) => {
                focusAfterClose.current = focusSelector ?? null;
                setOpen(false);
              }}
            />
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function PaletteBody({ close, inputRef }: { close: (focusSelector?: string) => void; inputRef: RefObject<HTMLInputElement | null> }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const [term, setTerm] = useState("");
  const [activeId, setActiveId] = useState<string | null>(null);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const mayCreateLead = useMayCall(leadEndpoints.create) === true;
  const mayCreateTask = useMayCall(taskEndpoints.create) === true;
  const q = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useGlobalSearch(q);
  const searching = term.trim().length > 0 && (q !== term.trim() || search.isFetching);

  const go = useCallback(
    (path: string, focusSelector?: string) => {
      close(focusSelector);
      navigate(path);
    },
    [close, navigate],
  );

  const items = useMemo<PaletteItem[]>(() => {
    const text = term.trim();
    const actions: PaletteItem[] = [];
    if (mayCreateLead) {
      actions.push({
        id: "action-new-lead",
        group: "actions",
        label: t("commandPalette.actions.newLead"),
        icon: UserPlus,
        run: () => go("/leads", "#lead-create-businessName"),
      });
    }
    if (mayCreateTask) {
      actions.push({ id: "action-new-task", group: "actions", label: t("commandPalette.actions.newTask"), icon: ListTodo, run: () => go("/tasks") });
    }
    for (const language of SUPPORTED_LANGUAGES) {
      if (language.code === i18n.resolvedLanguage) continue;
      actions.push({
        id: `action-language-${language.code}`,
        group: "actions",
        label: t("commandPalette.actions.switchLanguage", { language: t(`language.${language.code}`, { lng: language.code }) }),
        icon: Globe,
        run: () => {
          close();
          void i18n.changeLanguage(language.code);
        },
      });
    }
    const pages: PaletteItem[] = appRoutes.filter(isNavRoute).map((route) => ({
      id: `page-${route.path}`,
      group: "pages",
      label: t(route.navKey),
      detail: t(route.subtitleKey),
      icon: route.icon,
      run: () => {
        preloadRoute(route.path);
        go(route.path);
      },
    }));
    const local = [...actions, ...pages].filter((item) => !text || matchesTerm(text, item.label));
    const result = text && search.data && q === text ? search.data : undefined;
    const found: PaletteItem[] = result
      ? [
          ...result.leads.map((lead) => ({
            id: `lead-${lead.id}`,
            group: "leads" as const,
            label: lead.businessName,
            detail: lead.email,
            icon: Users,
            run: () => go(leadPagePath(lead.id)),
          })),
          ...result.affiliates.map((affiliate) => ({
            id: `affiliate-${affiliate.id}`,
            group: "affiliates" as const,
            label: affiliate.name,
            detail: affiliate.email,
            icon: Handshake,
            run: () => go("/affiliates"),
          })),
          ...result.issues.map((issue) => ({
            id: `issue-${issue.id}`,
            group: "issues" as const,
            label: issue.description,
            detail: `#${issue.id}`,
            icon: Bug,
            run: () => go(issueReviewPath(issue.id)),
          })),
          // A note opens its lead's page, where the notes card shows it.
          ...result.notes.map((note) => ({
            id: `note-${note.id}`,
            group: "notes" as const,
            label: note.excerpt,
            detail: note.businessName,
            icon: NotebookText,
            run: () => go(leadPagePath(note.leadId)),
          })),
          // A task opens on the Tasks page, shown above the list (/tasks?id=…, as a notification's link opens it).
          ...result.tasks.map((task) => ({
            id: `task-${task.id}`,
            group: "tasks" as const,
            label: task.title,
            detail: taskStatusLabel(t, task.status),
            icon: CircleCheck,
            run: () => go(`/tasks?id=${task.id}`),
          })),
          // An article opens in the Knowledge tab, its title focused and scrolled into view.
          ...result.articles.map((article) => ({
            id: `article-${article.id}`,
            group: "articles" as const,
            label: article.title,
            detail: t("innovation.knowledge.version", { version: article.version }),
            icon: BookOpen,
            run: () => go(KNOWLEDGE_TAB_PATH, knowledgeArticleSelector(article.id)),
          })),
        ]
      : [];
    // Found records first when there is a term (what one types a name for), then actions and pages.
    return text ? [...found, ...local] : local;
  }, [term, q, search.data, mayCreateLead, mayCreateTask, i18n, t, go, close]);

  // The highlighted choice, by id: it stays on its item while results arrive, and falls back to the first.
  const found = items.findIndex((item) => item.id === activeId);
  const active = found === -1 ? 0 : found;
  const activeItem = items[active];
  const moveTo = (index: number) => setActiveId(items[(index + items.length) % Math.max(items.length, 1)]?.id ?? null);
  const optionId = (item: PaletteItem) => `${listId}-${item.id}`;

  useEffect(() => {
    if (!activeItem) return;
    listRef.current?.querySelector(`[id="${CSS.escape(optionId(activeItem))}"]`)?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeItem?.id]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      moveTo(active + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      moveTo(active - 1);
    } else if (event.key === "Home" && event.ctrlKey) {
      event.preventDefault();
      moveTo(0);
    } else if (event.key === "End" && event.ctrlKey) {
      event.preventDefault();
      moveTo(items.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      activeItem?.run();
    }
  };

  const groups: PaletteItem["group"][] = ["leads", "affiliates", "issues", "notes", "tasks", "articles", "actions", "pages"];
  const failed = search.isError && q.length > 0;
  const empty = items.length === 0 && !searching;

  return (
    <>
      <div className="flex items-center gap-2 border-b px-3">
        <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <input
          ref={inputRef}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
          aria-label={t("commandPalette.inputLabel")}
          placeholder={t("commandPalette.placeholder")}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setActiveId(null);
          }}
          onKeyDown={onKeyDown}
          className="h-11 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          data-testid="command-palette-input"
        />
        {searching ? <Spinner className="size-4 shrink-0" /> : null}
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t("commandPalette.resultsLabel")}
        className="overflow-y-auto p-1.5"
        data-testid="command-palette-list"
      >
        {groups.map((group) => {
          const inGroup = items.filter((item) => item.group === group);
          if (inGroup.length === 0) return null;
          return (
            <PaletteGroup key={group} id={`${listId}-${group}`} title={t(`commandPalette.groups.${group}`)}>
              {inGroup.map((item) => {
                const Icon = item.icon;
                const selected = item === activeItem;
                return (
                  <div
                    key={item.id}
                    id={optionId(item)}
                    role="option"
                    aria-selected={selected}
                    data-testid="command-palette-option"
                    onMouseMove={() => setActiveId(item.id)}
                    onClick={() => item.run()}
                    className={cn(
                      "flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm",
                      selected && "bg-accent text-accent-foreground",
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="truncate">{item.label}</span>
                    {item.detail ? <span className="ml-auto truncate pl-2 text-xs text-muted-foreground">{item.detail}</span> : null}
                  </div>
                );
              })}
            </PaletteGroup>
          );
        })}
      </div>
      <p role="status" className={cn("px-4 pb-3 text-sm text-muted-foreground", !(empty || failed) && "sr-only")} data-testid="command-palette-status">
        {failed ? t("commandPalette.failed") : empty ? t("commandPalette.empty") : searching ? t("commandPalette.searching") : t("commandPalette.count", { count: items.length })}
      </p>
    </>
  );
}

function PaletteGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={id} className="pb-1">
      <div id={id} className="px-2.5 pb-1 pt-2 text-xs font-medium text-muted-foreground">
        {title}
      </div>
      {children}
    </div>
  );
}

