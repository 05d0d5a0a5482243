import type { AdminCollection } from "@/lib/admin/collections";

/** What every record editor receives: the collection, and the id of the record (absent to create one). */
export type RecordEditorProps = { collection: AdminCollection; id?: string };
