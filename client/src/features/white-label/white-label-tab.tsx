import { BrandChoiceCard } from "./brand-choice-card";
import { BrandsCard } from "./brands-card";
import { VerticalsCard } from "./verticals-card";

/** Enterprise → White Label (spec §2): the brand this browser works under, the stored brands, and the verticals. */
export function WhiteLabelTab() {
  return (
    <div className="grid gap-4">
      <BrandChoiceCard />
      <BrandsCard />
      <VerticalsCard />
    </div>
  );
}
