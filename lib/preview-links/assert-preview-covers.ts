import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/lib/db";
import { tables } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import type { PreviewLinkCaller } from "@/lib/core/caller";

const w = tables.workouts;
const p = tables.trainingPlans;

/**
 * The condition under which the link's record references the requested one (docs/api.md "Preview
 * links"): a workout its exercises; a training plan its workouts and on-demand items, and its workouts'
 * exercises. Each is one indexed lookup of the link's own record; undefined when nothing can be.
 */
function referenceQuery(db: Executor, link: PreviewLinkCaller, collection: string, id: string): Promise<unknown[]> | undefined {
  const contains = (column: AnyPgColumn): SQL => sql`${column} @> ARRAY[${id}]::uuid[]`;
  if (link.collection === "workouts" && collection === "exercises") {
    return db.select({ id: w.id }).from(w).where(and(eq(w.id, link.recordId), eq(w.organizationId, link.organizationId), contains(w.exerciseIds))).limit(1);
  }
  if (link.collection !== "training-plans") return undefined;
  const plan = and(eq(p.id, link.recordId), eq(p.organizationId, link.organizationId));
  if (collection === "workouts") return db.select({ id: p.id }).from(p).where(and(plan, contains(p.workoutIds))).limit(1);
  if (collection === "on-demand") return db.select({ id: p.id }).from(p).where(and(plan, contains(p.onDemandIds))).limit(1);
  if (collection === "exercises") {
    return db
      .select({ id: w.id })
      .from(p)
      .innerJoin(w, and(eq(w.organizationId, p.organizationId), sql`${w.id} = ANY(${p.workoutIds})`))
      .where(and(plan, contains(w.exerciseIds)))
      .limit(1);
  }
  return undefined;
}

/**
 * A preview link reads its own record and the records that record references now; any other record
 * is answered exactly as one that does not exist (404 `<label> not found`), so the link tells nothing
 * about the organization's other records.
 */
export async function assertPreviewCovers(db: Executor, link: PreviewLinkCaller, collection: { key: string; label: string }, id: string | number): Promise<void> {
  const notFound = new ApiError("not_found", `${collection.label} not found`);
  if (typeof id !== "string") throw notFound;
  if (link.collection === collection.key && link.recordId === id) return;
  const query = referenceQuery(db, link, collection.key, id);
  if (!query || (await query).length === 0) throw notFound;
}
