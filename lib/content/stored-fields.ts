/**
 * The field-to-column mapping of a collection, written once: a request body's field and the column that
 * stores it. A collection's `toInput` (the stored record as a request body, the base of a merge patch
 * and of version diffs) reads every field back from its column; its `prepare` copies the plain ones
 * into their columns and writes the rest itself (texts merged per language, the slug, structures).
 */

type Column<R> = Extract<keyof R, string>;

/** A field `prepare` writes itself: a text merged per language, the slug, a normalized structure. */
type OwnWrite<R> = { column: Column<R>; isCopied: false };

/** A field copied as written; an absent one writes `absent` (null unless given). */
type Copied<R> = { column: Column<R>; absent: unknown };

type FieldSpec<R> = Column<R> | OwnWrite<R> | Copied<R>;

export type StoredFields<R, I> = {
  /** The stored record as a request body, its fields in the order they were declared. */
  toInput(row: R): Record<string, unknown>;
  /** The columns of the copied fields, from `input`. */
  copy(input: I): Record<string, unknown>;
};

/** A field whose column `prepare` writes itself; `toInput` still reads it back. */
export function ownWrite<C extends string>(column: C): { column: C; isCopied: false } {
  return { column, isCopied: false };
}

/** A copied field whose absence writes `absent` rather than null (a list column without nulls). */
export function copiedOr<C extends string>(column: C, absent: unknown): { column: C; absent: unknown } {
  return { column, absent };
}

/** The mapping of `fields` (every request field → its column, in request-body order). */
export function storedFields<R, I>(fields: { [F in Extract<keyof I, string>]-?: FieldSpec<R> }): StoredFields<R, I> {
  const entries = (Object.entries(fields) as [Extract<keyof I, string>, FieldSpec<R>][]).map(([field, spec]) =>
    typeof spec === "string" ? { field, column: spec, isCopied: true, absent: null } : { field, column: spec.column, isCopied: !("isCopied" in spec), absent: "absent" in spec ? spec.absent : null },
  );
  const copied = entries.filter((entry) => entry.isCopied);
  return {
    toInput: (row) => Object.fromEntries(entries.map(({ field, column }) => [field, row[column]])),
    copy: (input) => Object.fromEntries(copied.map(({ field, column, absent }) => [column, input[field] ?? absent])),
  };
}
