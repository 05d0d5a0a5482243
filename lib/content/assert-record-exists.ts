import { and, eq } from "drizzle-orm";
import { tables, type Executor } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import type { Collection } from "./collection";

/** 404 `<label> not found` unless the record is the organization's (whatever its status). */
export async function assertRecordExists(db: Executor, organizationId: string, collection: Collection, id: string): Promise<void> {
  const table = collection.table as typeof tables.workouts;
  const [record] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId)))
    .limit(1);
  if (!record) throw new ApiError("not_found", `${collection.label} not found`);
}
