import { z } from "zod";
import { idParamsSchema, isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";

/** A note's Markdown body: 1 to 20,000 characters (the database holds the same rule). */
export const NOTE_BODY_MAX = 20_000;

/**
 * The permission that lets someone change or delete notes they did not write (managers and administrators hold it);
 * anyone who may write notes (leads.write) changes and deletes their own.
 */
export const NOTE_MODERATE_PERMISSION = "leads.delete" as const;

/**
 * How a note mentions a staff member: `@[Full Name]` for any name (`@[Ada Lovelace]`), or `@word` for one word, which
 * names whoever's whole name is that word, else the one person whose first name or email's local part it is
 * (`@ada` for "Ada Lovelace" <ada@…>, when no other Ada works here). Names match ignoring case and accents.
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,200})\]|(?<![\w@.])@([\p{L}\p{N}][\p{L}\p{N}._-]*)/gu;

/** The names a note's body mentions, as written (without `@`, brackets or trailing dots), in order, once each. */
export function mentionedNames(body: string): string[] {
  const names: string[] = [];
  for (const match of body.matchAll(MENTION_PATTERN)) {
    const name = (match[1] ?? match[2] ?? "").trim().replace(/[._-]+$/, "");
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

// Not trimmed: Markdown's whitespace is its own (an indented code block); a body of spaces only is still refused.
const bodySchema = z
  .string()
  .max(NOTE_BODY_MAX)
  .refine((body) => body.trim().length > 0, errorMessage("field.required"));

export const noteCreateSchema = z.object({
  body: bodySchema.describe("Markdown, 1 to 20,000 characters; `@[Full Name]` or `@name` mentions a staff member"),
  pinned: z.boolean().default(false).describe("Pin it to the top of the lead's notes (the lead's other pinned note is unpinned)"),
});
export type NoteCreate = z.output<typeof noteCreateSchema>;
export type NoteCreateInput = z.input<typeof noteCreateSchema>;

export const noteUpdateSchema = z
  .object({ body: bodySchema.optional(), pinned: z.boolean().optional() })
  .superRefine((patch, ctx) => {
    if (patch.body === undefined && patch.pinned === undefined) ctx.addIssue({ code: "custom", message: errorMessage("request.empty_update") });
  });
export type NoteUpdate = z.output<typeof noteUpdateSchema>;
export type NoteUpdateInput = z.input<typeof noteUpdateSchema>;

export const noteAuthorSchema = z.object({ id: z.number().int(), name: z.string() });

export const noteSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  body: z.string().describe("Markdown; render it without raw HTML"),
  pinned: z.boolean(),
  author: noteAuthorSchema.nullable().describe("Null when the author's account was deleted"),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Note = z.infer<typeof noteSchema>;

export const leadNotesParamsSchema = idParamsSchema;

// Endpoints

const tags = ["Notes"];

export const noteEndpoints = defineEndpoints("notes", {
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads/:id/notes",
    params: idParamsSchema,
    reply: z.array(noteSchema),
    errors: [404, 410],
    tags,
    summary: "A lead's notes: the pinned one first, then the newest",
  }),
  create: defineEndpoint({
    method: "POST",
    permission: "leads.write",
    path: "/leads/:id/notes",
    params: idParamsSchema,
    body: noteCreateSchema,
    reply: noteSchema,
    status: 201,
    errors: [400, 404],
    tags,
    summary: "Add a note to a lead",
    description:
      "Pinning it unpins the lead's other pinned note. Each staff member it mentions (`@[Full Name]`, or `@name` by a one-word name, " +
      "first name or email local part) is notified once, never its author. The lead's timeline records it.",
  }),
  update: defineEndpoint({
    method: "PUT",
    permission: "leads.write",
    path: "/notes/:id",
    params: idParamsSchema,
    body: noteUpdateSchema,
    reply: noteSchema,
    errors: [400, 403, 404],
    tags,
    summary: "Change a note's body or pin it: authors their own, managers and administrators any",
    description: "Pinning unpins the lead's other pinned note. Staff newly mentioned by an edit are notified.",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    permission: "leads.write",
    path: "/notes/:id",
    params: idParamsSchema,
    reply: okSchema,
    errors: [403, 404],
    tags,
    summary: "Delete a note: authors their own, managers and administrators any",
  }),
});
