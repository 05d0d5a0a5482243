import type { ComponentType } from "react";
import type { AdminCollection } from "@/lib/admin/collections";
import { LookupEditor } from "./lookup-form";

/** What every record editor receives: the collection, and the id of the record (absent to create one). */
export type RecordEditorProps = { collection: AdminCollection; id?: string };

/**
 * The editor of each editable collection, by its admin slug. Lookups share one form; the content
 * collections have purpose-built editors. A collection listed here must say `editable: true` in
 * lib/admin/collections.ts so its list links to the editor.
 */
const EDITORS: Partial<Record<string, ComponentType<RecordEditorProps>>> = {
  "equipment-brands": LookupEditor,
  "equipment-categories": LookupEditor,
  "muscle-groups": LookupEditor,
  "body-parts": LookupEditor,
  goals: LookupEditor,
  "activity-types": LookupEditor,
  providers: LookupEditor,
  categories: LookupEditor,
  packages: LookupEditor,
};

export function findRecordEditor(slug: string): ComponentType<RecordEditorProps> | undefined {
  return EDITORS[slug];
}
