import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

type CookieOptionProps = {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

export function CookieOption({ id, label, description, checked, disabled, onCheckedChange }: CookieOptionProps) {
  return (
    <div className="flex items-start gap-2.5 rounded-md border bg-background/60 p-2.5">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onCheckedChange={(value) => onCheckedChange?.(value === true)}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      </div>
    </div>
  );
}
