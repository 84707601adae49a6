import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";

type DirtyFieldsFormOptions<TInput extends FieldValues, TOutput extends FieldValues, TField extends Path<TInput> & keyof TOutput> = {
  schema: z.ZodType<TOutput, TInput>;
  /** The record as it is now: a field still equal to it is not sent. */
  defaultValues: DefaultValues<TInput>;
  /** The fields the form edits; a server message about one of them is shown beside it. */
  fields: readonly TField[];
  /** Sends the changed fields (at least one); a rejection is shown as the form's error. */
  save: (changes: Partial<Pick<TOutput, TField>>) => Promise<unknown>;
  messages: {
    successTitle: string;
    success: string;
    /** Said when the server gives no reason. */
    failed: string;
  };
  /** Called after a successful save, or on submit when nothing changed. */
  onDone: () => void;
};

/**
 * An edit form that sends only what the user changed (a PATCH-like PUT): validated by the schema, submitted with
 * just the dirty fields, a toast either way, and the server's per-field messages put next to their inputs.
 */
export function useDirtyFieldsForm<TInput extends FieldValues, TOutput extends FieldValues, TField extends Path<TInput> & keyof TOutput>({
  schema,
  defaultValues,
  fields,
  save,
  messages,
  onDone,
}: DirtyFieldsFormOptions<TInput, TOutput, TField>) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const { formState } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    const changes: Partial<Pick<TOutput, TField>> = {};
    for (const field of fields) {
      if (form.getFieldState(field, formState).isDirty) changes[field] = values[field];
    }
    if (Object.keys(changes).length === 0) return onDone();
    try {
      await save(changes);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fields);
      toast({ variant: "destructive", title: t("common.error"), description: message(apiErrorMessage(error, messages.failed)) });
      return;
    }
    toast({ title: messages.successTitle, description: messages.success });
    onDone();
  });

  return { form, onSubmit, isDirty: formState.isDirty, isSubmitting: formState.isSubmitting };
}

type DirtyFieldsFormFooterProps = {
  /** Something differs from the record (Save stays off until then). */
  isDirty: boolean;
  isSubmitting: boolean;
  submitLabel: string;
  submittingLabel: string;
};

/** Cancel and Save for an edit dialog's form. */
export function DirtyFieldsFormFooter({ isDirty, isSubmitting, submitLabel, submittingLabel }: DirtyFieldsFormFooterProps) {
  return <DialogFormFooter pending={isSubmitting} disabled={!isDirty} submitLabel={submitLabel} pendingLabel={submittingLabel} />;
}
