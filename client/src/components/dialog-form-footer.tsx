import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";

type DialogFormFooterProps = {
  /** While the form is saving: the submit button is disabled and reads `pendingLabel`. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Disabled for another reason too (nothing changed yet, a role that may only read). */
  disabled?: boolean;
  cancelLabel?: string;
  className?: string;
  submitTestId?: string;
  /** The id of the text that says why the submit button is disabled, when it is for a reason of its own. */
  submitDescribedBy?: string;
};

/** A dialog form's footer: Cancel, which closes the dialog, and the submit button, which says when it is saving. */
export function DialogFormFooter({ pending, submitLabel, pendingLabel, disabled = false, cancelLabel, className = "mt-2", submitTestId, submitDescribedBy }: DialogFormFooterProps) {
  const { t } = useTranslation();
  return (
    <DialogFooter className={className}>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {cancelLabel ?? t("common.cancel")}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending || disabled} aria-describedby={submitDescribedBy} data-testid={submitTestId}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
