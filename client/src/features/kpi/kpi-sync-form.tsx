import { useMemo, useState } from "react";
import { set, useFieldArray, useForm, type FieldError, type FieldErrors, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { kpiEndpoints, kpiSyncBodySchema } from "@contract/kpi";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage, apiFieldErrors } from "@/lib/api";
import { translateValidationMessage, useValidationMessage } from "@/lib/validation-message";
import { useSyncKpi } from "./kpi-queries";
import { HINT_PLACEHOLDER, productsErrorId, TopProductsRows } from "./top-products-rows";
import { checkJson, checkRows, emptyRow, isBlankRow, jsonToRows, rowsToJson, type ProductsCheck, type ProductsIssue } from "./top-products";
import type { KpiSyncFormContext, KpiSyncFormOutput, KpiSyncFormValues, ProductsMode } from "./kpi-sync-form-values";
import { RoleNote, WhenAllowed } from "@/components/when-allowed";

/** The sample the Insert sample link puts in the Paste JSON box: one product with every field the server reads. */
export const SAMPLE_TOP_PRODUCTS = JSON.stringify(
  [{ name: "Premium Plan", totalSales: 120, averageRevenue: 250, totalRevenue: 30000, profitMargin: 35 }],
  null,
  2,
);

const fieldsSchema = kpiSyncBodySchema.pick({ email: true, ytdRevenue: true, mrr: true });
const emptyValues = (): KpiSyncFormValues => ({ email: "", ytdRevenue: "", mrr: "", topProducts: [emptyRow()], topProductsJson: "" });
const FIELDS = ["email", "ytdRevenue", "mrr"] as const;
const INVALID_JSON = "invalid_json";

/**
 * The contract's rules for email and amounts, and for Top Products the contract's product schema over whichever of
 * the rows or the pasted JSON is in use: a row's problem goes on that row's field, a pasted product's on the box.
 */
function kpiSyncResolver(t: TFunction): Resolver<KpiSyncFormValues, KpiSyncFormContext, KpiSyncFormOutput> {
  return async (values, context) => {
    const errors: FieldErrors<KpiSyncFormValues> = {};
    const put = (path: string, message: string, type = "validate") => {
      const error: FieldError = { type, message };
      set(errors, path, error);
    };
    const fields = fieldsSchema.safeParse(values);
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        const name = String(issue.path[0]);
        if (!(name in errors)) put(name, issue.message, issue.code);
      }
    }
    const mode = context?.mode ?? "rows";
    const products = mode === "rows" ? checkRows(values.topProducts) : checkJson(values.topProductsJson);
    if (!products.ok) placeProductsProblem(products, mode, put, t);
    if (!fields.success || !products.ok) return { values: {}, errors };
    return { values: { ...fields.data, topProducts: products.products }, errors: {} };
  };
}

function placeProductsProblem(
  check: Exclude<ProductsCheck, { ok: true }>,
  mode: ProductsMode,
  put: (path: string, message: string, type?: string) => void,
  t: TFunction,
) {
  if (check.problem === "invalid_json") {
    put("topProductsJson", t("kpi.sync.invalidJson"), INVALID_JSON);
    return;
  }
  if (mode === "json") {
    put("topProductsJson", describeJsonIssue(t, check.issues[0]!));
    return;
  }
  const placed = new Set<string>();
  for (const issue of check.issues) {
    const path = issue.product === undefined ? "topProducts.root" : `topProducts.${issue.product}.${issue.field ?? "name"}`;
    if (placed.has(path)) continue;
    placed.add(path);
    put(path, issue.message);
  }
}

/** A pasted product's problem says which product it is ("Product 2: totalSales must be a number"). */
function describeJsonIssue(t: TFunction, issue: ProductsIssue): string {
  if (issue.product === undefined) return issue.message;
  return t("kpi.sync.productIssue", { number: issue.product + 1, message: translateValidationMessage(t, issue.message) ?? "" });
}

/** Sync KPI Data (spec §2 KPI Metrics, §5): amounts are sent as numbers; Top Products typed as rows or pasted as JSON. */
export function KpiSyncForm() {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const syncKpi = useSyncKpi();
  const [mode, setMode] = useState<ProductsMode>("rows");
  // Made again when the language changes, so a message composed here is in the reader's language.
  const resolver = useMemo(() => kpiSyncResolver(t), [t]);
  const form = useForm<KpiSyncFormValues, KpiSyncFormContext, KpiSyncFormOutput>({ resolver, context: { mode }, defaultValues: emptyValues() });
  const rows = useFieldArray({ control: form.control, name: "topProducts" });
  const { errors } = form.formState;

  const invalidJsonToast = () => toast({ variant: "destructive", title: t("common.error"), description: t("kpi.sync.invalidJson") });

  /** Rows to JSON always works; JSON to rows only when the JSON can be shown as rows, else it stays with the reason. */
  const switchMode = (next: string) => {
    if (next === mode) return;
    if (next === "json") {
      form.setValue("topProductsJson", rowsToJson(form.getValues("topProducts")));
      form.clearErrors(["topProducts", "topProductsJson"]);
      setMode("json");
      return;
    }
    const converted = jsonToRows(form.getValues("topProductsJson"));
    if (!converted.ok) {
      if (converted.problem === INVALID_JSON) {
        form.setError("topProductsJson", { type: INVALID_JSON, message: t("kpi.sync.invalidJson") }, { shouldFocus: true });
        invalidJsonToast();
      } else {
        form.setError("topProductsJson", { type: "validate", message: describeJsonIssue(t, converted.issues[0]!) }, { shouldFocus: true });
      }
      return;
    }
    rows.replace(converted.rows.length > 0 ? converted.rows : [emptyRow()]);
    form.clearErrors(["topProducts", "topProductsJson"]);
    setMode("rows");
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      // Where each product sent came from: its row (blank rows are not sent) or its place in the pasted list.
      const rowOf = form.getValues("topProducts").flatMap((row, index) => (isBlankRow(row) ? [] : [index]));
      syncKpi.mutate(
        { email: values.email, ytdRevenue: Number(values.ytdRevenue), mrr: Number(values.mrr), topProducts: values.topProducts },
        {
          onSuccess: () => {
            form.reset(emptyValues());
            toast({ title: t("kpi.sync.successTitle"), description: t("kpi.sync.success") });
          },
          onError: (error) => placeServerErrors(error, rowOf),
        },
      );
    },
    (invalid) => {
      if (invalid.topProductsJson?.type === INVALID_JSON) invalidJsonToast();
    },
  );

  /** "topProducts.0.name" and the like go on that row's field, or on the Paste JSON box; the first message per field is shown. */
  function placeServerErrors(error: unknown, rowOf: number[]) {
    const placed = new Set<string>();
    for (const [path, text] of Object.entries(apiFieldErrors(error))) {
      const [head, index, field] = path.split(".");
      let name: string | undefined;
      let shown = text;
      if (FIELDS.some((f) => f === head)) name = head;
      else if (head === "topProducts" && mode === "json") {
        name = "topProductsJson";
        if (index !== undefined) shown = t("kpi.sync.productIssue", { number: Number(index) + 1, message: message(text) ?? "" });
      } else if (head === "topProducts") {
        const row = index === undefined ? undefined : rowOf[Number(index)];
        name = row === undefined ? "topProducts.root" : `topProducts.${row}.${field ?? "name"}`;
      }
      if (!name || placed.has(name)) continue;
      placed.add(name);
      form.setError(name as "email", { type: "server", message: shown });
    }
    toast({ variant: "destructive", title: t("common.error"), description: message(apiErrorMessage(error, t("kpi.sync.failed"))) });
  }

  const emailError = message(errors.email?.message);
  const ytdError = message(errors.ytdRevenue?.message);
  const mrrError = message(errors.mrr?.message);
  const jsonError = message(errors.topProductsJson?.message);
  const listError = mode === "rows" ? message(errors.topProducts?.root?.message) : undefined;
  const jsonHint = t("kpi.sync.topProductsHint");

  return (
    <Card data-testid="kpi-sync">
      <CardHeader>
        <CardTitle>{t("kpi.sync.title")}</CardTitle>
        <CardDescription>{t("kpi.sync.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <WhenAllowed endpoint={kpiEndpoints.sync} fallback={<RoleNote />}>
          <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("kpi.sync.title")}>
            <FormField id="kpi-email" label={t("kpi.fields.email")} error={emailError}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder={t("kpi.sync.emailPlaceholder")}
                className={HINT_PLACEHOLDER}
                {...fieldA11yProps("kpi-email", emailError)}
                {...form.register("email")}
              />
            </FormField>
            <FormField id="kpi-ytd" label={t("kpi.fields.ytdRevenue")} error={ytdError}>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                placeholder={t("kpi.sync.ytdPlaceholder")}
                className={HINT_PLACEHOLDER}
                {...fieldA11yProps("kpi-ytd", ytdError)}
                {...form.register("ytdRevenue")}
              />
            </FormField>
            <FormField id="kpi-mrr" label={t("kpi.fields.mrr")} error={mrrError}>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                placeholder={t("kpi.sync.mrrPlaceholder")}
                className={HINT_PLACEHOLDER}
                {...fieldA11yProps("kpi-mrr", mrrError)}
                {...form.register("mrr")}
              />
            </FormField>
            <fieldset className="grid min-w-0 gap-2" aria-describedby={listError ? productsErrorId : undefined} data-testid="kpi-top-products">
              <legend className="mb-2 text-sm font-medium leading-none">{t("kpi.fields.topProducts")}</legend>
              <Tabs value={mode} onValueChange={switchMode} activationMode="manual">
                <TabsList aria-label={t("kpi.sync.entryModes")} className="w-full">
                  <TabsTrigger value="rows" className="flex-1">
                    {t("kpi.sync.rowsTab")}
                  </TabsTrigger>
                  <TabsTrigger value="json" className="flex-1">
                    {t("kpi.sync.jsonTab")}
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="rows" className="mt-2">
                  <TopProductsRows form={form} rows={rows} />
                </TabsContent>
                <TabsContent value="json" className="mt-2 grid gap-2">
                  <FormField id="kpi-top-products-json" label={t("kpi.fields.topProductsJson")} error={jsonError} hint={jsonHint}>
                    <Textarea
                      rows={8}
                      spellCheck={false}
                      className={`font-mono text-xs placeholder:font-sans ${HINT_PLACEHOLDER}`}
                      placeholder={t("kpi.sync.jsonPlaceholder")}
                      {...fieldA11yProps("kpi-top-products-json", jsonError, jsonHint)}
                      {...form.register("topProductsJson")}
                    />
                  </FormField>
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto justify-self-start px-0"
                    onClick={() => form.setValue("topProductsJson", SAMPLE_TOP_PRODUCTS, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
                  >
                    {t("kpi.sync.useSample")}
                  </Button>
                </TabsContent>
              </Tabs>
            </fieldset>
            <Button type="submit" className="w-full" disabled={syncKpi.isPending}>
              {syncKpi.isPending ? t("kpi.sync.submitting") : t("kpi.sync.submit")}
            </Button>
          </form>
        </WhenAllowed>
      </CardContent>
    </Card>
  );
}
