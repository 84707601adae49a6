import { useId, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { NotebookPen, Pencil, Pin, PinOff, Trash2 } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { NOTE_MODERATE_PERMISSION, noteCreateSchema, noteEndpoints, type Note, type NoteCreate, type NoteCreateInput } from "@contract/notes";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { MarkdownBody } from "@/components/markdown-body";
import { QueryStates } from "@/components/query-states";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { apiErrorMessage } from "@/lib/api";
import { useMayCall } from "@/lib/authorization";
import { formatDateTime, formatRelativeTime } from "@/lib/format";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useCurrentUser } from "@/lib/session";
import { useValidationMessage } from "@/lib/validation-message";
import { useCreateNote, useDeleteNote, useLeadNotes, useUpdateNote } from "./notes-queries";

/** Editing a note changes its body only: pinning has its own button. */
const noteEditSchema = noteCreateSchema.pick({ body: true });
type NoteEditInput = z.input<typeof noteEditSchema>;

/** Notes on the lead: the pinned one first, the composer, edit and delete (issue 25.3). */
export function LeadNotesCard({ leadId }: { leadId: number }) {
  const { t } = useTranslation();
  const notes = useLeadNotes(leadId);
  const mayWrite = useMayCall(noteEndpoints.create);
  return (
    <Card data-testid="lead-notes">
      <CardHeader>
        <CardTitle>{t("notes.title")}</CardTitle>
        <CardDescription>{t("notes.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mayWrite ? <NoteComposer leadId={leadId} /> : null}
        {mayWrite === false ? (
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground" data-testid="notes-read-only">
            {t("notes.readOnly")}
          </p>
        ) : null}
        <QueryStates
          query={notes}
          loadingLabel={t("notes.loading")}
          blocks={2}
          blockClassName="h-16"
          failedMessage={(message) => t("notes.loadFailed", { message })}
          errorTestId="notes-error"
        >
          {(shown) =>
            shown.length === 0 ? (
              <EmptyState icon={NotebookPen} title={t("notes.empty")} description={mayWrite ? t("notes.emptyHint") : undefined} className="py-8" data-testid="notes-empty" />
            ) : (
              <ul className="grid gap-3" aria-label={t("notes.listLabel")} data-testid="notes-list">
                {shown.map((note) => (
                  <NoteItem key={note.id} note={note} leadId={leadId} />
                ))}
              </ul>
            )
          }
        </QueryStates>
      </CardContent>
    </Card>
  );
}

function NoteComposer({ leadId }: { leadId: number }) {
  const { t } = useTranslation();
  const say = useValidationMessage();
  const id = useId();
  const create = useCreateNote(leadId);
  const form = useForm<NoteCreateInput, unknown, NoteCreate>({ resolver: zodResolver(noteCreateSchema), defaultValues: { body: "", pinned: false } });
  const bodyError = say(form.formState.errors.body?.message);
  const hint = t("notes.composer.hint");

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      form.reset({ body: "", pinned: false });
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ["body", "pinned"])) form.setError("root", { message: apiErrorMessage(error) });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate data-testid="note-composer">
      <FormField id={`${id}-body`} label={t("notes.composer.label")} error={bodyError} hint={hint}>
        <Textarea
          {...fieldA11yProps(`${id}-body`, bodyError, hint)}
          rows={3}
          placeholder={t("notes.composer.placeholder")}
          {...form.register("body")}
          data-testid="note-body"
        />
      </FormField>
      {form.formState.errors.root?.message ? (
        <Alert variant="destructive" data-testid="note-composer-error">
          {form.formState.errors.root.message}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="pinned"
            render={({ field }) => (
              <Checkbox id={`${id}-pinned`} checked={field.value ?? false} onCheckedChange={(checked) => field.onChange(checked === true)} data-testid="note-pinned" />
            )}
          />
          <Label htmlFor={`${id}-pinned`}>{t("notes.composer.pin")}</Label>
        </div>
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting} data-testid="note-add">
          {form.formState.isSubmitting ? t("notes.composer.adding") : t("notes.composer.add")}
        </Button>
      </div>
    </form>
  );
}

/** Whether the signed-in person may change or delete this note, and if not, why. */
function useNotePermission(note: Note): { allowed: boolean | undefined; reason: string | null } {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const mayWrite = useMayCall(noteEndpoints.update);
  if (user === undefined || mayWrite === undefined) return { allowed: undefined, reason: null };
  if (!user || !mayWrite) return { allowed: false, reason: t("notes.reasonReadOnly") };
  if (note.author?.id === user.id || user.permissions.includes(NOTE_MODERATE_PERMISSION)) return { allowed: true, reason: null };
  return { allowed: false, reason: t("notes.reasonNotAuthor") };
}

function NoteItem({ note, leadId }: { note: Note; leadId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const reasonId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateNote(leadId);
  const remove = useDeleteNote(leadId);
  const { allowed, reason } = useNotePermission(note);
  const author = note.author?.name ?? t("notes.formerStaff");
  const edited = note.updatedAt !== note.createdAt;
  const actionError = update.error ?? remove.error;

  const togglePin = () => update.mutate({ id: note.id, changes: { pinned: !note.pinned } });
  const actionProps = { disabled: allowed !== true || update.isPending, "aria-describedby": reason ? reasonId : undefined, title: reason ?? undefined };

  return (
    <li
      className={note.pinned ? "grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3" : "grid gap-2 rounded-md border p-3"}
      data-testid="note-item"
      data-note-id={note.id}
      data-pinned={note.pinned ? "true" : "false"}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {note.pinned ? (
            <Badge variant="info" data-testid="note-pinned-badge">
              <Pin aria-hidden="true" className="mr-1 size-3" />
              {t("notes.pinned")}
            </Badge>
          ) : null}
          <span className="font-medium" data-testid="note-author">
            {author}
          </span>
          <time dateTime={note.createdAt} title={formatDateTime(note.createdAt, language)} className="text-muted-foreground">
            {formatRelativeTime(note.createdAt, language)}
          </time>
          {edited ? <span className="text-muted-foreground">{t("notes.edited")}</span> : null}
        </p>
        {!editing ? (
          <div className="flex flex-wrap gap-1">
            <Button type="button" variant="ghost" size="sm" onClick={togglePin} {...actionProps} data-testid="note-pin-toggle">
              {note.pinned ? <PinOff aria-hidden="true" className="size-4" /> : <Pin aria-hidden="true" className="size-4" />}
              {note.pinned ? t("notes.unpin") : t("notes.pin")}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)} {...actionProps} data-testid="note-edit">
              <Pencil aria-hidden="true" className="size-4" />
              {t("notes.edit")}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(true)} {...actionProps} disabled={allowed !== true || remove.isPending} data-testid="note-delete">
              <Trash2 aria-hidden="true" className="size-4" />
              {t("notes.delete")}
            </Button>
          </div>
        ) : null}
      </div>
      {reason ? (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      ) : null}
      {editing ? (
        <NoteEditor note={note} leadId={leadId} onDone={() => setEditing(false)} />
      ) : (
        <MarkdownBody>{note.body}</MarkdownBody>
      )}
      {actionError && !editing ? (
        <Alert variant="destructive" data-testid="note-action-error">
          {apiErrorMessage(actionError)}
        </Alert>
      ) : null}
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("notes.deleteTitle")}
        description={t("notes.deleteDescription", { author })}
        submitLabel={t("notes.delete")}
        submittingLabel={t("notes.deleting")}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(note.id, { onSettled: () => setConfirming(false) })}
        data-testid="note-delete-dialog"
      />
    </li>
  );
}

function NoteEditor({ note, leadId, onDone }: { note: Note; leadId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const say = useValidationMessage();
  const id = useId();
  const update = useUpdateNote(leadId);
  const form = useForm<NoteEditInput>({ resolver: zodResolver(noteEditSchema), defaultValues: { body: note.body } });
  const bodyError = say(form.formState.errors.body?.message);

  const submit = form.handleSubmit(async (values) => {
    if (values.body === note.body) return onDone();
    try {
      await update.mutateAsync({ id: note.id, changes: { body: values.body } });
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ["body"])) form.setError("root", { message: apiErrorMessage(error) });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2" noValidate data-testid="note-editor">
      <FormField id={`${id}-body`} label={t("notes.editLabel")} error={bodyError}>
        <Textarea {...fieldA11yProps(`${id}-body`, bodyError)} rows={4} {...form.register("body")} data-testid="note-edit-body" />
      </FormField>
      {form.formState.errors.root?.message ? <Alert variant="destructive">{form.formState.errors.root.message}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={form.formState.isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting} data-testid="note-save">
          {form.formState.isSubmitting ? t("notes.saving") : t("notes.save")}
        </Button>
      </div>
    </form>
  );
}
