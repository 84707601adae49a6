import { FormField, fieldA11yProps } from "@/components/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** Radix Select has no empty item value, so "no choice" travels under this one and becomes "" again. */
const NONE = "__none__";

type SelectFieldProps = {
  id: string;
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  /** When set, an item with this label clears the choice. */
  noneLabel?: string;
  error?: string;
  /** Shown under the choice (while there is no error) and read with it. */
  hint?: string;
  disabled?: boolean;
};

/** A labelled single choice; the empty value shows the placeholder. */
export function SelectField({ id, label, value, onChange, onBlur, options, placeholder, noneLabel, error, hint, disabled }: SelectFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Select
        value={value || ""}
        onValueChange={(next) => onChange(next === NONE ? "" : next)}
        onOpenChange={(open) => {
          if (!open) onBlur?.();
        }}
        disabled={disabled}
      >
        <SelectTrigger {...fieldA11yProps(id, error, hint)}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {noneLabel ? <SelectItem value={NONE}>{noneLabel}</SelectItem> : null}
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
