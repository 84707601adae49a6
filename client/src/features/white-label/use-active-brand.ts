import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Brand, whiteLabelEndpoints } from "@contract/white-label";
import { callApi, type DeclaredRoute } from "@/lib/api-client";
import { brandTheme, type BrandTheme } from "./brand-theme";
import { DEFAULT_BRAND, useChosenBrand } from "@/lib/brand-storage";

// Written out (not the declaration): the shell is in the first download, which stays free of the schema library.
const brandsRoute: DeclaredRoute<typeof whiteLabelEndpoints.brands> = { method: "GET", path: "/white-label/brands" };
export const BRANDS_KEY = ["/api/white-label/brands"] as const;

/** The stored brands (spec: loaded on load of the White Label tab; the shell reads them only once a brand is chosen). */
export function useStoredBrands(enabled = true) {
  return useQuery({ queryKey: BRANDS_KEY, queryFn: ({ signal }) => callApi(brandsRoute, {}, { signal }), enabled });
}

export interface ActiveBrand {
  /** The chosen name as stored in this browser ('default' when none). */
  name: string;
  /** The stored brand of that name, when there is one. */
  brand: Brand | null;
  theme: BrandTheme | null;
}

/** The brand this browser works under, matched to the stored brands by name (how new leads are tagged). */
export function useActiveBrand(): ActiveBrand {
  const name = useChosenBrand();
  const chosen = name !== DEFAULT_BRAND;
  const brands = useStoredBrands(chosen);
  const brand = chosen ? (brands.data?.find((stored) => stored.name === name) ?? null) : null;
  return { name, brand, theme: brand ? brandTheme(brand.colorScheme) : null };
}

/**
 * Puts the chosen brand's colours on the document root, so everything (dialogs and menus rendered outside the shell
 * too) takes them; only when they are readable (brandTheme), and removed again when the brand changes or the shell
 * unmounts (signing out).
 */
export function useBrandColours(theme: BrandTheme | null, brandName: string | null) {
  const variables = theme?.applied ? theme.variables : null;
  const key = variables ? JSON.stringify(variables) : "";
  useEffect(() => {
    if (!variables) return;
    const root = document.documentElement;
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    if (brandName) root.dataset.brand = brandName;
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
      delete root.dataset.brand;
    };
    // The key stands for the variables' content: a new object with the same colours changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, brandName]);
}
