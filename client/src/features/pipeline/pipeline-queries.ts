import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { leadEndpoints, type Lead } from "@contract/leads";
import { pipelineEndpoints, type PipelineLead, type PipelineStage, type PipelineStageCreateInput, type PipelineStageUpdate } from "@contract/pipeline";
import { callApi, callPage, type Page } from "@/lib/api-client";
import { LEADS_KEY, PIPELINE_KEY, PIPELINE_STAGES_KEY as STAGES_KEY, refreshLeadData } from "@/lib/query-invalidation";

/** Stage list and figures are read under these two prefixes (the API paths), so one call refreshes each family. */
export { PIPELINE_KEY, STAGES_KEY };
const OVERVIEW_KEY = [...PIPELINE_KEY, "overview"] as const;
const COLUMNS_KEY = [...PIPELINE_KEY, "leads"] as const;
/** Lead Pipeline Management lists the newest leads (spec §9: the first 10). */
const STAGE_TABLE_KEY = [...LEADS_KEY, "pipeline-table"] as const;
export const STAGE_TABLE_SIZE = 10;
export const BOARD_COLUMN_PAGE = 20;
const MOVE_KEY = ["move-lead"] as const;

const columnKey = (stage: string) => [...COLUMNS_KEY, stage.toLowerCase()] as const;
const sameStage = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function usePipelineOverview() {
  return useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) => callApi(pipelineEndpoints.overview, {}, { signal }),
    refetchOnMount: "always",
  });
}

/** Every stage by position, with its exact lead count and newest lead names. */
export function useStages() {
  return useQuery({
    queryKey: STAGES_KEY,
    queryFn: ({ signal }) => callApi(pipelineEndpoints.listStages, {}, { signal }),
    refetchOnMount: "always",
  });
}

/** A board column: the stage's leads, newest first, a page at a time. */
export function useStageLeads(stage: string) {
  return useInfiniteQuery({
    queryKey: columnKey(stage),
    queryFn: ({ signal, pageParam }) =>
      callPage(pipelineEndpoints.stageLeads, { query: { stage, limit: BOARD_COLUMN_PAGE, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchOnMount: "always",
  });
}

/** The newest leads with their stage (Lead Pipeline Management). */
export function useStageTableLeads() {
  return useQuery({
    queryKey: STAGE_TABLE_KEY,
    queryFn: ({ signal }) => callPage(leadEndpoints.list, { query: { limit: STAGE_TABLE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

function refreshStageData(queryClient: QueryClient) {
  return Promise.all([STAGES_KEY, OVERVIEW_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PipelineStageCreateInput) => callApi(pipelineEndpoints.createStage, { body }),
    // A won or lost stage gives its status to leads that already held its name: every lead figure may change.
    onSuccess: (stage) => (stage.outcome === "open" ? refreshStageData(queryClient) : Promise.all([refreshStageData(queryClient), refreshLeadData(queryClient)])),
  });
}

export function useUpdateStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PipelineStageUpdate }) => callApi(pipelineEndpoints.updateStage, { params: { id }, body }),
    // Its leads took the new name, and a won or lost outcome their status: every lead figure may change.
    onSuccess: () => Promise.all([refreshStageData(queryClient), refreshLeadData(queryClient)]),
  });
}

export function useDeleteStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(pipelineEndpoints.deleteStage, { params: { id } }),
    onSuccess: () => refreshStageData(queryClient),
  });
}

/** A lead as a board card shows it; a full lead (Lead Pipeline Management) has every field it needs. */
export type MovableLead = Pick<Lead, "id" | "businessName" | "businessOwnerName" | "businessOwnerLastName" | "email" | "status" | "assignedTo" | "createdAt">;

export type LeadMove = { lead: MovableLead; from: string; to: string };

type ColumnData = InfiniteData<Page<PipelineLead>, string | undefined>;

/** Newest first, as the server orders a column; a lead older than every loaded row belongs on a page not loaded yet. */
function insertByNewest(data: ColumnData, lead: PipelineLead): ColumnData {
  const pages = data.pages.map((page) => ({ ...page, rows: [...page.rows] }));
  for (const page of pages) {
    const index = page.rows.findIndex((row) => row.createdAt < lead.createdAt || (row.createdAt === lead.createdAt && row.id < lead.id));
    if (index !== -1) {
      page.rows.splice(index, 0, lead);
      return { ...data, pages };
    }
  }
  const last = pages.at(-1);
  if (last && !last.nextCursor) last.rows.push(lead);
  return { ...data, pages };
}

function removeFromColumn(data: ColumnData, leadId: number): ColumnData {
  return { ...data, pages: data.pages.map((page) => ({ ...page, rows: page.rows.filter((row) => row.id !== leadId) })) };
}

function recount(stages: PipelineStage[], { from, to }: LeadMove): PipelineStage[] {
  return stages.map((stage) =>
    sameStage(stage.name, from)
      ? { ...stage, leadCount: Math.max(0, stage.leadCount - 1) }
      : sameStage(stage.name, to)
        ? { ...stage, leadCount: stage.leadCount + 1 }
        : stage,
  );
}

/** Shows a move at once: the stage counts, both board columns and the lead table. */
function showMove(queryClient: QueryClient, move: LeadMove) {
  const { id, businessName, businessOwnerName, businessOwnerLastName, email, status, assignedTo, createdAt } = move.lead;
  const card: PipelineLead = { id, businessName, businessOwnerName, businessOwnerLastName, email, status, assignedTo, createdAt, pipelineStage: move.to };
  queryClient.setQueryData<PipelineStage[]>(STAGES_KEY, (stages) => (stages ? recount(stages, move) : stages));
  queryClient.setQueryData<ColumnData>(columnKey(move.from), (data) => (data ? removeFromColumn(data, id) : data));
  queryClient.setQueryData<ColumnData>(columnKey(move.to), (data) => (data ? insertByNewest(removeFromColumn(data, id), card) : data));
  queryClient.setQueryData<Page<Lead>>(STAGE_TABLE_KEY, (page) =>
    page ? { ...page, rows: page.rows.map((row) => (row.id === id ? { ...row, pipelineStage: move.to } : row)) } : page,
  );
}

/**
 * Moves a lead to another stage. The board, the stage counts and the lead table change at once (a failed move is
 * shown back where it was); when the last of the moves in flight settles, all of them are read again, so the counts
 * end exactly as the database has them. Reading again only after the last one keeps an early answer from undoing a
 * later move on screen. A stage's outcome may change the lead's status (into a won stage it is converted), so every
 * lead figure is read again: the leads table, the dashboard, the partners' conversions and commissions.
 */
export function useMoveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MOVE_KEY,
    mutationFn: ({ lead, to }: LeadMove) => callApi(pipelineEndpoints.moveLead, { params: { leadId: lead.id }, body: { stage: to } }),
    onMutate: async (move: LeadMove) => {
      const keys: QueryKey[] = [STAGES_KEY, columnKey(move.from), columnKey(move.to), STAGE_TABLE_KEY];
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })));
      showMove(queryClient, move);
    },
    // The reverse move, not a snapshot: a snapshot would also undo the other moves made since.
    onError: (_error, move) => showMove(queryClient, { lead: move.lead, from: move.to, to: move.from }),
    onSettled: () => {
      // This mutation still counts as running here: 1 means no other move is in flight.
      if (queryClient.isMutating({ mutationKey: MOVE_KEY }) > 1) return;
      return refreshLeadData(queryClient);
    },
  });
}

/** A stage's lead count as the screen shows it now (after any move made here). */
export function stageCount(stages: PipelineStage[] | undefined, name: string): number | undefined {
  return stages?.find((stage) => sameStage(stage.name, name))?.leadCount;
}
