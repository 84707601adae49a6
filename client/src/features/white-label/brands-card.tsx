import { useState } from "react";
import { Pencil, Plus, ShieldAlert, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Brand } from "@contract/white-label";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { DataTableState } from "@/components/data-table-state";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { BrandForm } from "./brand-form";
import { useDeleteBrand, useStoredBrands } from "./white-label-queries";
import { useCan } from "@/lib/authorization";

/** The form's dialog: closed, adding, or editing one brand. */
type Editing = { brand: Brand | null } | null;

/** Spec: the brands list (name, domain, logo, colours); administrators add, edit and delete brands. */
export function BrandsCard() {
  const { t } = useTranslation();
  const brands = useStoredBrands();
  const mayManage = useCan("brands.manage") === true;
  const rows = brands.data ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const remove = useDeleteBrand();
  const adminOnly = t("whiteLabel.brands.adminOnly");

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t("whiteLabel.brands.deleted", { name: deleting.name }) });
        setDeleting(null);
      },
      onError: (error) => {
        toast({ variant: "destructive", title: t("whiteLabel.brands.deleteFailed"), description: apiErrorMessage(error, t("common.networkError")) });
        setDeleting(null);
      },
    });
  };

  return (
    <Card className="min-w-0" data-testid="brands-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t("whiteLabel.brands.title")}</CardTitle>
          <CardDescription>{t("whiteLabel.brands.description")}</CardDescription>
        </div>
        <Button onClick={() => setEditing({ brand: null })} disabled={!mayManage} title={mayManage ? undefined : adminOnly} data-testid="brand-add">
          <Plus aria-hidden="true" />
          {t("whiteLabel.brands.add")}
        </Button>
      </CardHeader>
      {mayManage ? null : (
        <CardContent>
          <Alert data-testid="brands-admin-only">
            <ShieldAlert aria-hidden="true" />
            {adminOnly}
          </Alert>
        </CardContent>
      )}
      <DataTableState
        query={brands}
        rowCount={rows.length}
        testId="brands"
        loadingText={t("whiteLabel.brands.loading")}
        errorText={(message) => t("whiteLabel.brands.error", { message })}
        empty={t("whiteLabel.brands.empty")}
        table={{
          label: t("whiteLabel.brands.label"),
          className: "min-w-[36rem] table-fixed",
          columns: 4,
          head: (
            <>
              <TableHead>{t("whiteLabel.brands.columns.brand")}</TableHead>
              <TableHead className="w-[30%]">{t("whiteLabel.brands.columns.domain")}</TableHead>
              <TableHead className="w-32">{t("whiteLabel.brands.columns.colours")}</TableHead>
              <TableHead className="w-24 text-right">{t("whiteLabel.brands.columns.actions")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((brand) => (
          <BrandRow key={brand.id} brand={brand} mayManage={mayManage} adminOnly={adminOnly} onEdit={() => setEditing({ brand })} onDelete={() => setDeleting(brand)} />
        ))}
      </DataTableState>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-xl" data-testid="brand-dialog">
          <DialogHeader>
            <DialogTitle>{editing?.brand ? t("whiteLabel.form.editTitle", { name: editing.brand.name }) : t("whiteLabel.form.addTitle")}</DialogTitle>
            <DialogDescription>{t("whiteLabel.form.description")}</DialogDescription>
          </DialogHeader>
          {/* Mounted only while open: each opening starts from the brand as stored. */}
          {editing ? <BrandForm key={editing.brand?.id ?? "new"} brand={editing.brand} onDone={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("whiteLabel.brands.deleteTitle", { name: deleting?.name ?? "" })}
        description={t("whiteLabel.brands.deleteDescription")}
        submitLabel={t("whiteLabel.brands.deleteConfirm")}
        submittingLabel={t("whiteLabel.brands.deleting")}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        data-testid="brand-delete-confirm"
      />
    </Card>
  );
}

function BrandRow({ brand, mayManage, adminOnly, onEdit, onDelete }: { brand: Brand; mayManage: boolean; adminOnly: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const [logoFailed, setLogoFailed] = useState(false);
  const editLabel = t("whiteLabel.brands.edit", { name: brand.name });
  const deleteLabel = t("whiteLabel.brands.delete", { name: brand.name });
  return (
    <TableRow data-testid="brand-row">
      <TableCell>
        <div className="flex items-center gap-3">
          {brand.logoUrl && !logoFailed ? (
            <img src={brand.logoUrl} alt={t("whiteLabel.brands.logoOf", { name: brand.name })} className="size-8 shrink-0 rounded object-contain" referrerPolicy="no-referrer" onError={() => setLogoFailed(true)} />
          ) : (
            <span className="flex size-8 shrink-0 items-center justify-center rounded border text-[10px] leading-tight text-muted-foreground" title={brand.logoUrl ?? undefined}>
              {t("whiteLabel.brands.noLogo")}
            </span>
          )}
          <span className="truncate font-medium" title={brand.name}>
            {brand.name}
          </span>
        </div>
      </TableCell>
      <TableCell>
        <div className="truncate font-mono text-xs" title={brand.domain}>
          {brand.domain}
        </div>
      </TableCell>
      <TableCell>
        <ul className="flex gap-1.5" aria-label={t("whiteLabel.brands.columns.colours")}>
          {(["primary", "primaryText", "accent"] as const).map((role) => {
            const label = t("whiteLabel.brands.swatch", { role: t(`whiteLabel.colours.${role}`), colour: brand.colorScheme[role] });
            return (
              <li key={role} title={label} className="size-6 rounded border" style={{ backgroundColor: brand.colorScheme[role] }} data-testid={`brand-swatch-${role}`}>
                <span className="sr-only">{label}</span>
              </li>
            );
          })}
        </ul>
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" aria-label={editLabel} title={mayManage ? editLabel : adminOnly} disabled={!mayManage} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={deleteLabel} title={mayManage ? deleteLabel : adminOnly} disabled={!mayManage} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
