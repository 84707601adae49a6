import { X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

type RemovableChipProps = {
  /** What the chip says (cut short with an ellipsis when too long; the whole text is its title). */
  label: string;
  /** The remove button's name for assistive technology ("Remove tag vip"). */
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
  className?: string;
  "data-testid"?: string;
};

/** A value as a chip with a small button that removes it: a tag of a tags input, an active filter. */
export function RemovableChip({ label, removeLabel, onRemove, disabled, className, ...rest }: RemovableChipProps) {
  return (
    <Badge variant="secondary" className={cn("max-w-full pr-0.5", className)} data-testid={rest["data-testid"]}>
      <span className="truncate" title={label}>
        {label}
      </span>
      <button
        type="button"
        className="rounded-sm p-0.5 text-muted-foreground hover:text-foreground"
        aria-label={removeLabel}
        onClick={onRemove}
        disabled={disabled}
      >
        <X aria-hidden="true" />
      </button>
    </Badge>
  );
}
