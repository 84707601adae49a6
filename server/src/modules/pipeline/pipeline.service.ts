import {
  DEFAULT_PIPELINE_STAGE,
  type PipelineLead,
  type PipelineLeadsQuery,
  type PipelineOverview,
  type PipelineStage,
  type PipelineStageCreate,
  type PipelineStageOrder,
  type PipelineStageUpdate,
} from "@contract/pipeline";
import type { Lead } from "@contract/leads";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import type { ListPage } from "../../kernel/http/endpoint-route";
import { badRequest, conflict, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { eventActor, type Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { isUniqueViolation } from "../../lib/db-errors";
import { decodeCursor, encodeCursor } from "../../lib/page-cursor";
import { findLeadById } from "../../db/queries/lead-record";
import { countUnread } from "../../kernel/notify";
import { emitEvent, emitEvents } from "../../kernel/events";
import {
  applyOutcomeToHolders,
  deleteStageRow,
  findStageForUse,
  insertStage,
  lockStageForChange,
  lockStageIds,
  renameStageLeads,
  selectStageLeads,
  selectStages,
  selectTotals,
  setLeadStage,
  setStagePositions,
  stageLeadCount,
  updateStageRow,
  visibleStageLeadCount,
} from "./pipeline.data";

export interface PipelineActor {
  principal: Principal;
  meta: RequestMeta;
}

const CURSOR_SORT = "pipeline.stage-leads";

/** A stage name another stage has in any letter case (the unique index on lower(name)) is a 409 on `name`. */
function refuseTakenName(error: unknown): never {
  if (isUniqueViolation(error, "pipeline_stages_name_lower_idx")) throw conflict("pipeline.stage_name_taken", { field: "name" });
  throw error;
}

/** A stored stage as the list shows it (its lead count and newest leads included). */
async function listedStage(db: Database, id: number): Promise<PipelineStage | undefined> {
  return (await selectStages(db)).find((stage) => stage.id === id);
}
const isDefaultStage = (name: string) => name.toLowerCase() === DEFAULT_PIPELINE_STAGE.toLowerCase();

export const listStages = (db: Database): Promise<PipelineStage[]> => selectStages(db);

export async function createStage(db: Database, input: PipelineStageCreate, { principal, meta }: PipelineActor): Promise<PipelineStage> {
  const created = await inTransaction(db, async (tx) => {
    const stage = await insertStage(tx, input);
    // Leads may hold the name already (set through the leads API before the stage existed): a won or lost stage gives
    // them its status now, as a move into it would.
    const restated = await applyOutcomeToHolders(tx, stage);
    await emitEvents(
      tx,
      "lead.updated",
      restated.map((lead) => ({ leadId: lead.id, businessName: lead.businessName, status: lead.status, changedFields: ["status"] })),
    );
    await emitEvent(tx, "pipeline.stages_changed", { change: "created", stageId: stage.id, name: stage.name, by: eventActor(principal) });
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "pipeline.stage_create",
      message: restated[0]
        ? {
            code: "pipeline.stage_created_restating",
            params: { stageId: stage.id, name: stage.name, outcome: stage.outcome, position: stage.position, count: restated.length, status: restated[0].status },
          }
        : { code: "pipeline.stage_created", params: { stageId: stage.id, name: stage.name, outcome: stage.outcome, position: stage.position } },
      meta,
    });
    return stage;
  }).catch(refuseTakenName);
  // Leads may hold the name already (set before the stage existed): the answer counts them like the list does.
  return (await listedStage(db, created.id)) ?? { ...created, implicit: false, leadCount: 0, recentLeads: [] };
}

/**
 * Renames a stored stage or changes its outcome. Its leads go with it (their stage takes the new name); a won or lost
 * outcome gives them that status, as creating the stage does, and so it does to leads that already held the new name.
 * Each lead changed gets its lead.updated event, and its timeline the change, in the same transaction.
 */
export async function updateStage(db: Database, id: number, input: PipelineStageUpdate, { principal, meta }: PipelineActor): Promise<PipelineStage> {
  await inTransaction(db, async (tx) => {
    const stage = await lockStageForChange(tx, id);
    if (!stage) throw notFound("pipeline.stage_not_found");
    // Saved as it was: nothing changed, so nothing is written, audited or announced.
    if (stage.name === input.name && stage.outcome === input.outcome) return;
    const updated = await updateStageRow(tx, id, input);
    const moved = updated.name !== stage.name ? await renameStageLeads(tx, stage.name, updated.name) : [];
    const restated = moved.length > 0 || updated.outcome !== stage.outcome ? await applyOutcomeToHolders(tx, updated) : [];
    const changed = new Map<number, { businessName: string; status: Lead["status"]; changedFields: string[] }>();
    for (const lead of moved) changed.set(lead.id, { businessName: lead.businessName, status: lead.status, changedFields: ["pipelineStage"] });
    for (const lead of restated) {
      const earlier = changed.get(lead.id);
      changed.set(lead.id, { businessName: lead.businessName, status: lead.status, changedFields: [...(earlier?.changedFields ?? []), "status"] });
    }
    await emitEvents(tx, "lead.updated", [...changed].map(([leadId, lead]) => ({ leadId, ...lead })));
    await emitEvent(tx, "pipeline.stages_changed", { change: "updated", stageId: id, name: updated.name, by: eventActor(principal) });
    const params = { stageId: id, from: stage.name, name: updated.name, outcome: updated.outcome, moved: moved.length };
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "pipeline.stage_update",
      message: restated[0]
        ? { code: "pipeline.stage_updated", params: { ...params, count: restated.length, status: restated[0].status } }
        : { code: "pipeline.stage_updated_plain", params },
      meta,
    });
  }).catch(refuseTakenName);
  const stage = await listedStage(db, id);
  if (!stage) throw notFound("pipeline.stage_not_found");
  return stage;
}

export async function reorderStages(db: Database, order: PipelineStageOrder, { principal, meta }: PipelineActor): Promise<PipelineStage[]> {
  await inTransaction(db, async (tx) => {
    const stored = await lockStageIds(tx);
    const sent = new Set(order.stageIds);
    if (sent.size !== order.stageIds.length || sent.size !== stored.length || stored.some((id) => !sent.has(id))) {
      throw badRequest("stageIds", "pipeline.order_incomplete");
    }
    await setStagePositions(tx, order.stageIds);
    await emitEvent(tx, "pipeline.stages_changed", { change: "reordered", stageId: null, name: null, by: eventActor(principal) });
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "pipeline.stage_reorder", message: { code: "pipeline.stages_reordered", params: { stageIds: order.stageIds.join(", ") } }, meta });
  });
  return selectStages(db);
}

export async function deleteStage(db: Database, id: number, { principal, meta }: PipelineActor): Promise<void> {
  await inTransaction(db, async (tx) => {
    // Locked first, counted after: a move into the stage either finished before the count (and is counted) or waits
    // until the stage is gone (and is refused as an unknown stage).
    const stage = await lockStageForChange(tx, id);
    if (!stage) throw notFound("pipeline.stage_not_found");
    if ((await stageLeadCount(tx, stage.name)) > 0) throw conflict("pipeline.stage_has_leads");
    await deleteStageRow(tx, id);
    await emitEvent(tx, "pipeline.stages_changed", { change: "deleted", stageId: id, name: stage.name, by: eventActor(principal) });
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "pipeline.stage_delete", message: { code: "pipeline.stage_deleted", params: { stageId: id, name: stage.name } }, meta });
  });
}

/**
 * The value a lead's pipeline_stage takes for a stage name sent in any letter case: the stored stage's own name, or
 * null for the default stage when no stored stage has its name. Undefined when no stage has the name. Inside a
 * transaction the stored stage stays locked against deletion until it ends.
 */
async function resolveStage(db: Database, name: string): Promise<{ stored: string | null; label: string } | undefined> {
  const stage = await findStageForUse(db, name);
  if (stage) return { stored: stage.name, label: stage.name };
  if (isDefaultStage(name)) return { stored: null, label: DEFAULT_PIPELINE_STAGE };
  return undefined;
}

export async function moveLead(db: Database, leadId: number, stageName: string, { principal, meta }: PipelineActor): Promise<Lead> {
  await inTransaction(db, async (tx) => {
    const stage = await resolveStage(tx, stageName);
    if (!stage) throw badRequest("stage", "pipeline.stage_unknown");
    const lead = await setLeadStage(tx, leadId, stage.stored);
    if (!lead) throw notFound("lead.not_found");
    if (!lead.moved) return;
    // The stage's outcome may have changed the status (converted into a won stage, lost into a lost one, reopened
    // into an open one); the conversion itself, with its commission, is recorded by the database.
    const statusChanged = lead.status !== lead.fromStatus;
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "lead.pipeline_move",
      message: statusChanged
        ? { code: "pipeline.lead_moved_status", params: { leadId, stage: stage.label, from: lead.fromStatus, to: lead.status } }
        : { code: "pipeline.lead_moved", params: { leadId, stage: stage.label } },
      meta,
    });
    if (statusChanged) {
      await emitEvent(tx, "lead.updated", { leadId, businessName: lead.businessName, status: lead.status, changedFields: ["pipelineStage", "status"] });
    }
    // The assignee hears of it from the notifications subscriber, once this commits.
    await emitEvent(tx, "lead.stage_changed", {
      leadId,
      businessName: lead.businessName,
      fromStage: lead.fromStage,
      toStage: stage.stored,
      assignedTo: lead.assignedTo,
      movedBy: eventActor(principal),
    });
  });
  const moved = await findLeadById(db, leadId);
  if (!moved) throw notFound("lead.not_found");
  return moved;
}

/**
 * One page of a board column: a stage's leads in the request's scope, newest first, with their exact count. A name no stage has is a
 * filter that matches nothing (or only leads given that name through the leads API), not an error.
 */
export async function stageLeads(db: Database, query: PipelineLeadsQuery): Promise<ListPage<PipelineLead>> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && cursor?.sort !== CURSOR_SORT) throw badRequest("cursor", "list.cursor_mismatch");
  const [rows, total] = await Promise.all([selectStageLeads(db, query.stage, query.limit, cursor), visibleStageLeadCount(db, query.stage)]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ sortKey: _sortKey, ...lead }) => lead),
    total,
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort: CURSOR_SORT, key: last.sortKey, id: last.id }) : null,
  };
}

export async function pipelineOverview(db: Database, principal: Principal): Promise<PipelineOverview> {
  const [totals, unreadNotifications] = await Promise.all([selectTotals(db), countUnread(db, principal.user.email)]);
  return { ...totals, unreadNotifications };
}
