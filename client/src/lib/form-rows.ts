/** One row of a form: a field across the whole row, or up to two half-width fields side by side. */
export interface FormRow<N> {
  half: boolean;
  fields: N[];
}

/** A form's fields, in order, as rows: consecutive half-width fields pair up; a half-width field with no partner keeps its half. */
export function formRows<N>(fields: readonly N[], isHalf: (field: N) => boolean): FormRow<N>[] {
  const rows: FormRow<N>[] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    const half = isHalf(field);
    if (half && last?.half && last.fields.length < 2) last.fields.push(field);
    else rows.push({ half, fields: [field] });
  }
  return rows;
}
