import { Component, type ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

type Props = { children: ReactNode };
type State = { failed: boolean };

/** Keeps the shell usable when a page throws or its chunk fails to download (e.g. after a deploy). */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function RouteError() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={TriangleAlert}
      title={t("routeError.title")}
      description={t("routeError.description")}
      action={
        <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
          {t("routeError.reload")}
        </Button>
      }
      data-testid="route-error"
    />
  );
}
