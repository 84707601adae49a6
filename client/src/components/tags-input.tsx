import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { RemovableChip } from "@/components/removable-chip";
import { cn } from "@/lib/utils";

type TagsInputProps = {
  id: string;
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  /** Why the list cannot become `next` (the schema's limits), in the reader's language; undefined when it can. */
  problem: (next: string[]) => string | undefined;
  /** The form's own message for the field (a server refusal, say). */
  error?: string;
  disabled?: boolean;
};

/**
 * A list of short texts as chips: type one and press Enter to add it (not the form's submit), remove one with its
 * button. A tag already in the list (whatever its letter case) or one the limits refuse is not added, and says why.
 */
export function TagsInput({ id, label, value, onChange, onBlur, problem, error, disabled }: TagsInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [refusal, setRefusal] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const message = refusal ?? error;

  const add = () => {
    const tag = draft.trim();
    if (!tag) return;
    if (value.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) {
      setRefusal(t("tagsInput.duplicate", { tag }));
      return;
    }
    const next = [...value, tag];
    const refused = problem(next);
    if (refused) {
      setRefusal(refused);
      return;
    }
    onChange(next);
    setDraft("");
    setRefusal(undefined);
  };

  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    setRefusal(undefined);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // Enter adds the tag; it must not submit the form around it.
    event.preventDefault();
    add();
  };

  return (
    <FormField id={id} label={label} error={message} hint={t("tagsInput.hint")}>
      <div
        className={cn(
          "flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-card px-2 py-1 shadow-xs transition-colors focus-within:border-ring has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-solid",
          message && "border-destructive",
          disabled && "cursor-not-allowed opacity-50",
        )}
      >
        {value.length > 0 ? (
          <ul className="contents" aria-label={label}>
            {value.map((tag, index) => (
              <li key={`${index}:${tag}`} className="min-w-0 max-w-full">
                <RemovableChip
                  label={tag}
                  removeLabel={t("tagsInput.remove", { tag })}
                  onRemove={() => remove(index)}
                  disabled={disabled}
                  data-testid="tags-input-chip"
                />
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={input}
          // The hint says how to add one; a refusal says why the last one was not added.
          {...fieldA11yProps(id, message, t("tagsInput.hint"))}
          className="h-7 min-w-24 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (refusal) setRefusal(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          placeholder={t("tagsInput.placeholder")}
          autoComplete="off"
          disabled={disabled}
        />
      </div>
    </FormField>
  );
}
