import { ApiKeysCard } from "./api-keys-card";
import { BrandCard } from "./brand-card";

/** Settings (spec §2): the Brand/Project box and the API Keys manager. */
export default function SettingsPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <BrandCard />
      <ApiKeysCard />
    </div>
  );
}
