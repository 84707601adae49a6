import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorMessage } from "@contract/error-message";
import { kpiEndpoints, kpiSyncBodySchema, topProductSchema } from "@contract/kpi";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { RoleNote, WhenAllowed } from "@/features/auth/when-allowed";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage, apiFieldErrors } from "@/lib/api";
import { useValidationMessage } from "@/lib/validation-message";
import { useSyncKpi } from "./kpi-queries";

/** The sample shown in the Top Products box: one product with every field the server reads. */
export const SAMPLE_TOP_PRODUCTS = JSON.stringify(
  [{ name: "Premium Plan", totalSales: 120, averageRevenue: 250, totalRevenue: 30000, profitMargin: 35 }],
  null,
  2,
);

const kpiFormSchema = kpiSyncBodySchema
  .pick({ email: true, ytdRevenue: true, mrr: true })
  .extend({ topProducts: z.string().trim().min(1, errorMessage("kpi.top_products_required")) });
type KpiFormInput = z.input<typeof kpiFormSchema>;
type KpiFormOutput = z.output<typeof kpiFormSchema>;

const EMPTY: KpiFormInput = { email: "", ytdRevenue: "", mrr: "", topProducts: "" };
const FIELDS = ["email", "ytdRevenue", "mrr", "topProducts"] as const;

/** A product list as sent: an array, or one product object on its own. */
const topProductsSchema = z.preprocess((value) => (value && typeof value === "object" && !Array.isArray(value) ? [value] : value), z.array(topProductSchema, { error: errorMessage("kpi.top_products_list") }));

/** Sync KPI Data (spec §2 KPI Metrics, §5): amounts are sent as numbers; bad JSON sends nothing. */
export function KpiSyncForm() {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const syncKpi = useSyncKpi();
  const form = useForm<KpiFormInput, unknown, KpiFormOutput>({ resolver: zodResolver(kpiFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values.topProducts);
    } catch {
      toast({ variant: "destructive", title: t("common.error"), description: t("kpi.sync.invalidJson") });
      return;
    }
    const products = topProductsSchema.safeParse(parsed);
    if (!products.success) {
      const issue = products.error.issues[0];
      const index = typeof issue?.path[0] === "number" ? issue.path[0] : undefined;
      const text = message(issue?.message) ?? "";
      form.setError("topProducts", { type: "validate", message: index === undefined ? text : t("kpi.sync.productIssue", { number: index + 1, message: text }) });
      return;
    }
    syncKpi.mutate(
      { email: values.email, ytdRevenue: Number(values.ytdRevenue), mrr: Number(values.mrr), topProducts: products.data },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          toast({ title: t("kpi.sync.successTitle"), description: t("kpi.sync.success") });
        },
        onError: (error) => {
          // "topProducts.0.name" and the like go on the Top Products box; the first message per field is shown.
          const placed = new Set<string>();
          for (const [field, text] of Object.entries(apiFieldErrors(error))) {
            const name = FIELDS.find((f) => field === f || field.startsWith(`${f}.`));
            if (!name || placed.has(name)) continue;
            placed.add(name);
            form.setError(name, { type: "server", message: text });
          }
          toast({ variant: "destructive", title: t("common.error"), description: message(apiErrorMessage(error, t("kpi.sync.failed"))) });
        },
      },
    );
  });

  const emailError = message(errors.email?.message);
  const ytdError = message(errors.ytdRevenue?.message);
  const mrrError = message(errors.mrr?.message);
  const productsError = message(errors.topProducts?.message);
  const productsHint = t("kpi.sync.topProductsHint");

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
              <Input type="email" autoComplete="off" {...fieldA11yProps("kpi-email", emailError)} {...form.register("email")} />
            </FormField>
            <FormField id="kpi-ytd" label={t("kpi.fields.ytdRevenue")} error={ytdError}>
              <Input type="number" inputMode="decimal" min={0} step="0.01" {...fieldA11yProps("kpi-ytd", ytdError)} {...form.register("ytdRevenue")} />
            </FormField>
            <FormField id="kpi-mrr" label={t("kpi.fields.mrr")} error={mrrError}>
              <Input type="number" inputMode="decimal" min={0} step="0.01" {...fieldA11yProps("kpi-mrr", mrrError)} {...form.register("mrr")} />
            </FormField>
            <FormField id="kpi-top-products" label={t("kpi.fields.topProducts")} error={productsError} hint={productsHint}>
              <Textarea
                rows={8}
                spellCheck={false}
                className="font-mono text-xs"
                placeholder={SAMPLE_TOP_PRODUCTS}
                {...fieldA11yProps("kpi-top-products", productsError, productsHint)}
                {...form.register("topProducts")}
              />
            </FormField>
            <Button
              variant="link"
              size="sm"
              className="h-auto justify-self-start px-0"
              onClick={() => form.setValue("topProducts", SAMPLE_TOP_PRODUCTS, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
            >
              {t("kpi.sync.useSample")}
            </Button>
            <Button type="submit" className="w-full" disabled={syncKpi.isPending}>
              {syncKpi.isPending ? t("kpi.sync.submitting") : t("kpi.sync.submit")}
            </Button>
          </form>
        </WhenAllowed>
      </CardContent>
    </Card>
  );
}
