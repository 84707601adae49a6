// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The pipeline area's failures, by stable code, with their English text. */
export const pipelineErrorMessages = {
  "pipeline.stage_not_found": "Pipeline stage not found",
  "pipeline.stage_name_taken": "A pipeline stage with this name already exists",
  "pipeline.stage_has_leads": "This stage still holds leads: move them to another stage first",
  "pipeline.stage_unknown": "No pipeline stage has this name",
  "pipeline.order_incomplete": "List every pipeline stage exactly once",
  "pipeline.invalid_outcome": "Outcome must be one of: {options}",
} as const;
