import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { nameBodySchema, type NameBody } from "@contract/auth";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";

type PersonNameFormProps = {
  id: string;
  /** The name as stored: the field starts with it. */
  name: string;
  /** Saves the new name and says so; a refusal it throws is shown under the field, or as a toast titled `failedTitle`. */
  save: (name: string) => Promise<unknown>;
  label: string;
  hint?: string;
  submitLabel: string;
  pendingLabel: string;
  failedTitle: string;
  /** "name" for one's own (the browser may offer it), "off" for someone else's. */
  autoComplete: "name" | "off";
  submitTestId?: string;
};

/** A staff member's name in a dialog, with the rule every staff name follows (contract/auth.ts). */
export function PersonNameForm({ id, name, save, label, hint, submitLabel, pendingLabel, failedTitle, autoComplete, submitTestId }: PersonNameFormProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const form = useForm<NameBody>({ resolver: zodResolver(nameBodySchema), defaultValues: { name } });
  const nameError = message(form.formState.errors.name?.message);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save(body.name);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ["name"])) {
        toast({ variant: "destructive", title: failedTitle, description: message(apiErrorMessage(error, t("common.networkError"))) });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <FormField id={id} label={label} error={nameError}>
        <Input autoFocus autoComplete={autoComplete} {...fieldA11yProps(id, nameError)} {...form.register("name")} />
      </FormField>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      <DialogFormFooter pending={form.formState.isSubmitting} submitLabel={submitLabel} pendingLabel={pendingLabel} submitTestId={submitTestId} />
    </form>
  );
}
