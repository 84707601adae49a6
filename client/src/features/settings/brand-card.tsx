import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { Tag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { BRAND_MAX_LENGTH, DEFAULT_BRAND, storeBrand, useChosenBrand } from "@/lib/brand-storage";

/**
 * The Brand/Project box (spec §2 Settings): saved in this browser only; new leads from here are tagged with it. The
 * same choice as Enterprise → White Label (one storage, lib/brand-storage.ts), which offers the stored brands
 * with their colours and logo; here any name can be typed, as before.
 */
export function BrandCard() {
  const { t } = useTranslation();
  const saved = useChosenBrand();
  const [draft, setDraft] = useState(saved);
  const note = t("settings.brand.note");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const brand = storeBrand(draft);
    setDraft(brand);
    toast({
      title: t("settings.brand.set"),
      description: brand === DEFAULT_BRAND ? t("settings.brand.setDefault") : t("settings.brand.setDescription", { brand }),
    });
  };

  return (
    <Card data-testid="settings-brand">
      <CardHeader>
        <CardTitle>{t("settings.brand.title")}</CardTitle>
        <CardDescription>{t("settings.brand.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={t("settings.brand.title")}>
          <div className="min-w-0 flex-1">
            <FormField id="settings-brand" label={t("settings.brand.label")}>
              <Input
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                maxLength={BRAND_MAX_LENGTH}
                autoComplete="off"
                placeholder={DEFAULT_BRAND}
                {...fieldA11yProps("settings-brand", undefined, note)}
              />
            </FormField>
          </div>
          <Button type="submit">{t("settings.brand.submit")}</Button>
        </form>
        {/* The input's description (fieldA11yProps points at this id): under the row, so the button lines up with the input. */}
        <p id="settings-brand-hint" className="text-sm text-muted-foreground" data-testid="settings-brand-note">
          {note}
        </p>
        <p className="flex items-center gap-2 text-sm" data-testid="settings-brand-current">
          <Tag aria-hidden="true" className="size-4 text-muted-foreground" />
          {t("settings.brand.current", { brand: saved })}
        </p>
        <Link href="/enterprise?tab=white-label" className="text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="settings-brand-white-label">
          {t("whiteLabel.settingsLink")}
        </Link>
      </CardContent>
    </Card>
  );
}
