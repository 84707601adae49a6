import { ExternalLink, Info, Plug, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { FormKind } from "./integration-forms";
import { useMayConfigureIntegrations } from "./integration-queries";
import { AdminOnlyNote, REFUSED_REASON_ID } from "./integrations-tab";
import { marketplaceCatalogue, type MarketplaceListing } from "./marketplace-catalogue";

/** Marketplace: the listings shipped with the app, labelled as such. */
export function MarketplaceTab({ onConfigure }: { onConfigure: (kind: FormKind) => void }) {
  const { t } = useTranslation();
  const mayConfigure = useMayConfigureIntegrations();
  return (
    <div className="grid gap-4">
      <Alert data-testid="marketplace-notice">
        <Info aria-hidden="true" />
        {t("integrations.marketplace.notice")}
      </Alert>
      {mayConfigure === false ? <AdminOnlyNote /> : null}
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t("integrations.marketplace.listLabel")}>
        {marketplaceCatalogue.map((listing) => (
          <li key={listing.key} className="flex">
            <ListingCard listing={listing} mayConfigure={mayConfigure} onConfigure={onConfigure} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ListingCard({ listing, mayConfigure, onConfigure }: { listing: MarketplaceListing; mayConfigure: boolean | undefined; onConfigure: (kind: FormKind) => void }) {
  const { t } = useTranslation();
  const texts = `integrations.marketplace.listings.${listing.key}` as const;
  const reasonId = `marketplace-${listing.key}-reason`;
  return (
    <Card className="flex w-full min-w-0 flex-col" data-testid={`marketplace-${listing.key}`}>
      <CardHeader>
        <Badge variant="outline">{t(`integrations.marketplace.categories.${listing.category}`)}</Badge>
        <CardTitle>{t(`${texts}.name`)}</CardTitle>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-2 text-sm">
        <p className="text-muted-foreground">{t(`${texts}.description`)}</p>
        <p>
          <span className="font-medium">{t("integrations.marketplace.needs")}</span> {t(`${texts}.needs`)}
        </p>
        {listing.action.kind === "unavailable" ? (
          <p id={reasonId} className="text-xs text-muted-foreground">
            {t("integrations.marketplace.unavailableReason")}
          </p>
        ) : null}
      </CardContent>
      <CardFooter>
        <ListingAction listing={listing} mayConfigure={mayConfigure} onConfigure={onConfigure} reasonId={reasonId} />
      </CardFooter>
    </Card>
  );
}

function ListingAction({
  listing,
  mayConfigure,
  onConfigure,
  reasonId,
}: {
  listing: MarketplaceListing;
  mayConfigure: boolean | undefined;
  onConfigure: (kind: FormKind) => void;
  reasonId: string;
}) {
  const { t } = useTranslation();
  const action = listing.action;
  switch (action.kind) {
    case "configure":
      return (
        <Button
          variant="outline"
          size="sm"
          disabled={mayConfigure !== true}
          aria-describedby={mayConfigure === false ? REFUSED_REASON_ID : undefined}
          onClick={() => onConfigure(action.integration)}
        >
          <Plug aria-hidden="true" />
          {t("integrations.marketplace.openForm")}
        </Button>
      );
    case "settings":
      return (
        <Button asChild variant="outline" size="sm">
          <Link href="/settings">
            <Settings aria-hidden="true" />
            {t("integrations.marketplace.openSettings")}
          </Link>
        </Button>
      );
    case "apiDocs":
      return (
        <Button asChild variant="outline" size="sm">
          <a href="/api/docs" target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {t("integrations.marketplace.openDocs")}
          </a>
        </Button>
      );
    case "unavailable":
      return (
        <Button variant="outline" size="sm" disabled aria-describedby={reasonId}>
          {t("integrations.marketplace.unavailable")}
        </Button>
      );
  }
}
