import { useState, type FormEvent } from "react";
import { Palette, Tag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { DEFAULT_BRAND, storeBrand } from "@/lib/brand-storage";
import { useActiveBrand, useStoredBrands } from "./use-active-brand";

/**
 * Which brand this browser works under (spec: kept in local storage only, default 'default', notice 'Brand Set'):
 * chosen from the stored brands. New leads from this browser carry it as a tag; the shell takes its logo and colours.
 */
export function BrandChoiceCard() {
  const { t } = useTranslation();
  const brands = useStoredBrands();
  const active = useActiveBrand();
  const [draft, setDraft] = useState<string | null>(null);
  const choice = draft ?? active.name;
  const storedNames = (brands.data ?? []).map((brand) => brand.name);
  // A name typed on Settings that no stored brand has is still the choice: keep it in the list so the field says so.
  const options = [DEFAULT_BRAND, ...storedNames, ...(active.name !== DEFAULT_BRAND && !storedNames.includes(active.name) ? [active.name] : [])];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const brand = storeBrand(choice);
    setDraft(null);
    toast({
      title: t("whiteLabel.choice.set"),
      description: brand === DEFAULT_BRAND ? t("whiteLabel.choice.setDefault") : t("whiteLabel.choice.setDescription", { brand }),
    });
  };

  return (
    <Card data-testid="brand-choice">
      <CardHeader>
        <CardTitle>{t("whiteLabel.choice.title")}</CardTitle>
        <CardDescription id="brand-choice-description">{t("whiteLabel.choice.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={t("whiteLabel.choice.title")}>
          <div className="min-w-0 flex-1 sm:max-w-sm">
            <FormField id="brand-choice-select" label={t("whiteLabel.choice.label")}>
              <Select value={choice} onValueChange={setDraft} disabled={brands.isPending}>
                <SelectTrigger id="brand-choice-select" aria-describedby="brand-choice-description" data-testid="brand-choice-select">
                  <SelectValue placeholder={t("whiteLabel.choice.loading")} />
                </SelectTrigger>
                <SelectContent>
                  {options.map((name) => (
                    <SelectItem key={name} value={name}>
                      {name === DEFAULT_BRAND ? t("whiteLabel.choice.defaultOption") : name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          </div>
          <Button type="submit" data-testid="brand-choice-submit">
            <Palette aria-hidden="true" />
            {t("whiteLabel.choice.submit")}
          </Button>
        </form>
        <p className="flex items-center gap-2 text-sm" data-testid="brand-choice-current">
          <Tag aria-hidden="true" className="size-4 text-muted-foreground" />
          {t("whiteLabel.choice.current", { brand: active.name })}
        </p>
        {active.name !== DEFAULT_BRAND && brands.isSuccess && !active.brand ? (
          <p className="text-sm text-muted-foreground" data-testid="brand-choice-not-stored">
            {t("whiteLabel.choice.notStored", { brand: active.name })}
          </p>
        ) : null}
        {active.theme && !active.theme.applied && active.theme.reason === "primary_on_page" ? (
          <p className="text-sm text-muted-foreground" data-testid="brand-choice-colours-not-applied">
            {t("whiteLabel.choice.coloursNotApplied", { ratio: active.theme.ratio })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
