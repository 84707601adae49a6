import { useWatch, useForm, type Control } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { HEX_COLOUR } from "@contract/brand-colours";
import { brandCreateSchema, contrastRatio, defaultColorScheme, formatRatio, MIN_TEXT_CONTRAST, type Brand, type BrandCreate, type BrandCreateInput } from "@contract/white-label";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { useCreateBrand, useUpdateBrand } from "./white-label-queries";

const FIELDS = ["name", "domain", "logoUrl", "colorScheme.primary", "colorScheme.primaryText", "colorScheme.accent"] as const;
const COLOUR_FIELDS = ["primary", "primaryText", "accent"] as const;

const startingValues = (brand: Brand | null): BrandCreateInput =>
  brand
    ? { name: brand.name, domain: brand.domain, logoUrl: brand.logoUrl ?? "", colorScheme: { ...brand.colorScheme } }
    : { name: "", domain: "", logoUrl: "", colorScheme: { ...defaultColorScheme } };

/** Add a brand, or edit one (`brand`): the contract's schema checks the form as the server will. */
export function BrandForm({ brand, onDone }: { brand: Brand | null; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const form = useForm<BrandCreateInput, unknown, BrandCreate>({ resolver: zodResolver(brandCreateSchema), defaultValues: startingValues(brand) });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;

  const onSuccess = (saved: Brand) => {
    toast({ title: brand ? t("whiteLabel.form.updated", { name: saved.name }) : t("whiteLabel.form.created", { name: saved.name }) });
    onDone();
  };
  const onError = (error: unknown) => {
    applyServerFieldErrors(error, form.setError, FIELDS);
    toast({ variant: "destructive", title: t("whiteLabel.form.failed"), description: message(apiErrorMessage(error, t("common.networkError"))) });
  };
  const onSubmit = form.handleSubmit((values) => {
    if (brand) {
      // Settings are not on the form: an edit leaves them as they are.
      const { settings: _settings, ...patch } = values;
      update.mutate({ id: brand.id, patch }, { onSuccess, onError });
    } else {
      create.mutate(values, { onSuccess, onError });
    }
  });

  const nameError = message(errors.name?.message);
  const domainError = message(errors.domain?.message);
  const logoError = message(errors.logoUrl?.message);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={brand ? t("whiteLabel.form.editTitle", { name: brand.name }) : t("whiteLabel.form.addTitle")} data-testid="brand-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="brand-name" label={t("whiteLabel.form.name")} error={nameError}>
          <Input autoFocus autoComplete="off" maxLength={50} {...fieldA11yProps("brand-name", nameError)} {...form.register("name")} />
        </FormField>
        <FormField id="brand-domain" label={t("whiteLabel.form.domain")} error={domainError}>
          <Input autoComplete="off" placeholder={t("whiteLabel.form.domainPlaceholder")} {...fieldA11yProps("brand-domain", domainError)} {...form.register("domain")} />
        </FormField>
      </div>
      <FormField id="brand-logo" label={t("whiteLabel.form.logoUrl")} error={logoError}>
        <Input type="url" autoComplete="off" placeholder="https://" {...fieldA11yProps("brand-logo", logoError)} {...form.register("logoUrl")} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-3">
        {COLOUR_FIELDS.map((field) => {
          const id = `brand-colour-${field}`;
          const error = message(errors.colorScheme?.[field]?.message);
          return (
            <FormField key={field} id={id} label={t(`whiteLabel.form.${field}`)} error={error}>
              <div className="flex items-center gap-2">
                <ColourSwatch control={form.control} field={field} onPick={(value) => form.setValue(`colorScheme.${field}`, value, { shouldValidate: true })} />
                <Input autoComplete="off" maxLength={7} placeholder="#rrggbb" className="font-mono" {...fieldA11yProps(id, error)} {...form.register(`colorScheme.${field}`)} />
              </div>
            </FormField>
          );
        })}
      </div>
      <ContrastPreview control={form.control} />
      <DialogFormFooter
        className=""
        pending={pending}
        cancelLabel={t("whiteLabel.form.cancel")}
        submitLabel={brand ? t("whiteLabel.form.submitEdit") : t("whiteLabel.form.submitAdd")}
        pendingLabel={t("whiteLabel.form.submitting")}
        submitTestId="brand-form-submit"
      />
    </form>
  );
}

/** A native colour picker beside the text field (which stays the accessible control: the picker is a shortcut). */
function ColourSwatch({ control, field, onPick }: { control: Control<BrandCreateInput, unknown, BrandCreate>; field: (typeof COLOUR_FIELDS)[number]; onPick: (value: string) => void }) {
  const value = useWatch({ control, name: `colorScheme.${field}` });
  const normalised = value.trim().toLowerCase();
  return (
    <input
      type="color"
      tabIndex={-1}
      aria-hidden="true"
      className="h-9 w-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-0.5"
      value={HEX_COLOUR.test(normalised) ? normalised : "#000000"}
      onChange={(event) => onPick(event.target.value)}
    />
  );
}

/** The contrast of text on the primary colour as it is typed, with a sample only while it is readable. */
function ContrastPreview({ control }: { control: Control<BrandCreateInput, unknown, BrandCreate> }) {
  const { t } = useTranslation();
  const primary = useWatch({ control, name: "colorScheme.primary" }).trim().toLowerCase();
  const primaryText = useWatch({ control, name: "colorScheme.primaryText" }).trim().toLowerCase();
  if (!HEX_COLOUR.test(primary) || !HEX_COLOUR.test(primaryText)) return null;
  const ratio = contrastRatio(primary, primaryText);
  const readable = ratio >= MIN_TEXT_CONTRAST;
  return (
    <div className="flex items-center gap-3 text-sm" data-testid="brand-form-contrast">
      {readable ? (
        <span className="rounded-md px-3 py-1.5 font-medium" style={{ backgroundColor: primary, color: primaryText }}>
          {t("whiteLabel.form.preview")}
        </span>
      ) : null}
      <span className={readable ? "text-muted-foreground" : "text-destructive"}>
        {readable ? t("whiteLabel.form.contrast", { ratio: formatRatio(ratio) }) : t("whiteLabel.form.contrastLow", { ratio: formatRatio(ratio) })}
      </span>
    </div>
  );
}
