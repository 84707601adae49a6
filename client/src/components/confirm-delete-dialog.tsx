import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

type ConfirmDeleteDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  submitLabel: string;
  submittingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  "data-testid"?: string;
};

/** Asks before a deletion and stays open while it runs, so a failure can still be read next to it. */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, submitLabel, submittingLabel, pending, onConfirm, ...rest }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent data-testid={rest["data-testid"]}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t("common.cancel")}</AlertDialogCancel>
          {/* Not AlertDialogAction: that closes the dialog at once, before the answer says whether it worked. */}
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? submittingLabel : submitLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
