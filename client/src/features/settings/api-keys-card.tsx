import { useState } from "react";
import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CreatedApiKey } from "@contract/api-keys";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ApiKeyCreateForm } from "./api-key-create-form";
import { ApiKeyList } from "./api-key-list";
import { NewApiKey } from "./new-api-key";
import { useCan } from "@/lib/authorization";

/** The API Keys manager (spec §2 Settings): administrators create keys with a scope, see each once, and delete them. */
export function ApiKeysCard() {
  const { t } = useTranslation();
  const mayManage = useCan("apiKeys.manage") === true;
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <Card className="min-w-0" data-testid="settings-api-keys">
      <CardHeader>
        <CardTitle>{t("settings.apiKeys.title")}</CardTitle>
        <CardDescription>{t("settings.apiKeys.description")}</CardDescription>
      </CardHeader>
      {mayManage ? (
        <>
          <CardContent className="grid gap-4">
            <ApiKeyCreateForm onCreated={setCreated} />
            {created ? <NewApiKey created={created} onDone={() => setCreated(null)} /> : null}
          </CardContent>
          <ApiKeyList />
        </>
      ) : (
        <CardContent>
          {/* The server refuses key management to everyone else; say so rather than show a failing list. */}
          <Alert data-testid="api-keys-admin-only">
            <ShieldAlert aria-hidden="true" />
            {t("settings.apiKeys.adminOnly")}
          </Alert>
        </CardContent>
      )}
    </Card>
  );
}
