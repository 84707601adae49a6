import { useRef, type HTMLAttributes } from "react";
import { flushSync } from "react-dom";
import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Plus, X } from "lucide-react";
import { MAX_TOP_PRODUCTS } from "@contract/kpi";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useValidationMessage } from "@/lib/validation-message";
import type { KpiSyncFormContext, KpiSyncFormOutput, KpiSyncFormValues } from "./kpi-sync-form-values";
import { emptyRow, type ProductField } from "./top-products";

/** Placeholders are hints ("e.g. …"), set apart from typed values by their muted, italic text. */
export const HINT_PLACEHOLDER = "placeholder:italic";

type AmountField = Exclude<ProductField, "name">;

/**
 * How each amount is typed. Sales are counted, revenues are money; a margin may be negative, and the decimal keypad
 * of some phones has no minus sign, so the margin keeps the number keyboard of type="number" instead.
 */
const AMOUNT_INPUTS: Record<AmountField, { min: number; max?: number; step: string; inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"] }> = {
  totalSales: { min: 0, step: "1", inputMode: "numeric" },
  averageRevenue: { min: 0, step: "0.01", inputMode: "decimal" },
  totalRevenue: { min: 0, step: "0.01", inputMode: "decimal" },
  profitMargin: { min: -100, max: 100, step: "0.1" },
};
const AMOUNT_FIELDS = Object.keys(AMOUNT_INPUTS) as AmountField[];

export const productsErrorId = "kpi-top-products-error";

type TopProductsRowsProps = {
  form: UseFormReturn<KpiSyncFormValues, KpiSyncFormContext, KpiSyncFormOutput>;
  rows: UseFieldArrayReturn<KpiSyncFormValues, "topProducts">;
};

/** The Top Products editor: one group of labelled fields per product, each field with its own message. */
export function TopProductsRows({ form, rows }: TopProductsRowsProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const { fields, append, remove } = rows;
  const errors = form.formState.errors.topProducts;
  const listError = message(errors?.root?.message ?? errors?.message);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = fields.length >= MAX_TOP_PRODUCTS;

  /** After a removal, focus goes to the row that took its place (or the one before), or to Add product when none is left. */
  const removeRow = (index: number) => {
    flushSync(() => remove(index));
    const left = fields.length - 1;
    const next = left === 0 ? null : document.getElementById(`kpi-product-${Math.min(index, left - 1)}-name`);
    (next ?? addButton.current)?.focus();
  };

  const fieldError = (index: number, field: ProductField) => message(errors?.[index]?.[field]?.message);
  // A field is checked again as it changes once the form was sent; "Top Products data is required" goes at the first key.
  const register = (index: number, field: ProductField) =>
    form.register(`topProducts.${index}.${field}`, {
      onChange: () => {
        // The list's own message only; its typing does not name the root of a field array.
        if (form.formState.errors.topProducts?.root) form.clearErrors("topProducts.root" as "topProducts");
      },
    });

  return (
    <div className="grid gap-3">
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">{t("kpi.sync.noProducts")}</p> : null}
      {fields.map((row, index) => {
        const id = (field: ProductField) => `kpi-product-${index}-${field}`;
        const titleId = `kpi-product-${index}-title`;
        const nameError = fieldError(index, "name");
        return (
          <div key={row.id} role="group" aria-labelledby={titleId} className="grid gap-2 rounded-md border bg-muted/30 p-3" data-testid="kpi-product-editor-row">
            <div className="flex items-center justify-between gap-2">
              <span id={titleId} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {t("kpi.sync.productNumber", { number: index + 1 })}
              </span>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={t("kpi.sync.removeProduct", { number: index + 1 })}
                title={t("kpi.sync.removeProduct", { number: index + 1 })}
                onClick={() => removeRow(index)}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={id("name")}>{t("kpi.sync.productFields.name")}</Label>
              <Input
                id={id("name")}
                autoComplete="off"
                placeholder={t("kpi.sync.productPlaceholders.name")}
                className={HINT_PLACEHOLDER}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${id("name")}-error` : undefined}
                {...register(index, "name")}
              />
              {nameError ? (
                <p id={`${id("name")}-error`} className="text-xs text-destructive">
                  {nameError}
                </p>
              ) : null}
            </div>
            {/* Each amount spans label, input and message rows of the grid, so a label that wraps keeps the inputs in line. */}
            <div className="grid grid-cols-2 gap-x-2 gap-y-1.5">
              {AMOUNT_FIELDS.map((field) => {
                const error = fieldError(index, field);
                const input = AMOUNT_INPUTS[field];
                return (
                  <div key={field} className="row-span-3 grid min-w-0 grid-rows-subgrid">
                    <Label htmlFor={id(field)} className="items-end leading-tight">
                      {t(`kpi.sync.productFields.${field}`)}
                    </Label>
                    <Input
                      id={id(field)}
                      type="number"
                      inputMode={input.inputMode}
                      min={input.min}
                      max={input.max}
                      step={input.step}
                      placeholder={t(`kpi.sync.productPlaceholders.${field}`)}
                      className={HINT_PLACEHOLDER}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id(field)}-error` : undefined}
                      {...register(index, field)}
                    />
                    {error ? (
                      <p id={`${id(field)}-error`} className="text-xs text-destructive">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
      {listError ? (
        <p id={productsErrorId} className="text-xs text-destructive">
          {listError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button ref={addButton} variant="outline" size="sm" disabled={full} aria-describedby={full ? "kpi-products-full" : undefined} onClick={() => append(emptyRow())}>
          <Plus aria-hidden="true" />
          {t("kpi.sync.addProduct")}
        </Button>
        {full ? (
          <span id="kpi-products-full" className="text-xs text-muted-foreground">
            {t("kpi.sync.maxProducts", { max: MAX_TOP_PRODUCTS })}
          </span>
        ) : null}
      </div>
    </div>
  );
}
