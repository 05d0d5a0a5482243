import { and, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { tables, type Executor } from "@/lib/db";
import { ApiError, type ErrorDetail } from "@/lib/core/errors";

export const INT32_MAX = 2_147_483_647;

type Target = { table: PgTable & { organizationId: AnyPgColumn }; column: AnyPgColumn; label: string };

const TARGETS = {
  exercises: { table: tables.exercises, column: tables.exercises.id, label: "exercise" },
  workouts: { table: tables.workouts, column: tables.workouts.id, label: "workout" },
  "on-demand": { table: tables.onDemand, column: tables.onDemand.id, label: "on-demand item" },
  instructors: { table: tables.instructors, column: tables.instructors.id, label: "instructor" },
  "muscle-groups": { table: tables.muscleGroups, column: tables.muscleGroups.id, label: "muscle group" },
  "body-parts": { table: tables.bodyParts, column: tables.bodyParts.id, label: "body part" },
  goals: { table: tables.fitnessGoals, column: tables.fitnessGoals.id, label: "fitness goal" },
  equipment: { table: tables.equipment, column: tables.equipment.id, label: "equipment" },
  "equipment-brands": { table: tables.equipmentBrands, column: tables.equipmentBrands.id, label: "equipment brand" },
  "equipment-categories": { table: tables.equipmentCategories, column: tables.equipmentCategories.id, label: "equipment category" },
  "content-categories": { table: tables.contentCategories, column: tables.contentCategories.id, label: "content category" },
  "content-category-uuids": { table: tables.contentCategories, column: tables.contentCategories.uuid, label: "content category" },
  "content-providers": { table: tables.contentProviders, column: tables.contentProviders.id, label: "content provider" },
  "content-packages": { table: tables.contentPackages, column: tables.contentPackages.id, label: "content package" },
  "activity-types": { table: tables.activityTypes, column: tables.activityTypes.id, label: "activity type" },
  users: { table: tables.users, column: tables.users.id, label: "user" },
} satisfies Record<string, Target>;

export type ReferenceKind = keyof typeof TARGETS | "uploads";
export type MediaKind = "image" | "video" | "media" | "gif";

/** One reference in a request: what it points at, and where in the body it is (JSON Pointer). */
export type ReferenceUse = { kind: ReferenceKind; id: string | number; path: string; media?: MediaKind };

const MEDIA_CHECK: Record<MediaKind, { test: (mime: string) => boolean; message: string }> = {
  image: { test: (mime) => mime.startsWith("image/"), message: "must be an image upload" },
  gif: { test: (mime) => mime.startsWith("image/"), message: "must be an image upload (an animated gif or webp)" },
  video: { test: (mime) => mime.startsWith("video/"), message: "must be a video upload" },
  media: { test: (mime) => mime.startsWith("video/") || mime.startsWith("audio/"), message: "must be a video or audio upload" },
};

/** Collects the uses of one list of ids under a pointer prefix (`/goals/0`, `/goals/1` …). */
export function usesOf(kind: ReferenceKind, ids: readonly (string | number)[] | null | undefined, path: string): ReferenceUse[] {
  return (ids ?? []).map((id, index) => ({ kind, id, path: `${path}/${index}` }));
}

/**
 * Every referenced record must exist in the caller's organization (another organization's id is as
 * unknown as a made-up one). One query per kind; a 422 names each unknown id and where it was used.
 */
export async function assertReferencesExist(db: Executor, organizationId: string, uses: ReferenceUse[]): Promise<void> {
  const byKind = new Map<ReferenceKind, ReferenceUse[]>();
  for (const use of uses) byKind.set(use.kind, [...(byKind.get(use.kind) ?? []), use]);

  const details: ErrorDetail[] = [];
  for (const [kind, kindUses] of byKind) {
    const ids = [...new Set(kindUses.map((use) => use.id))];
    if (kind === "uploads") {
      const rows = await db
        .select({ id: tables.uploads.id, mime: tables.uploads.mime })
        .from(tables.uploads)
        .where(and(eq(tables.uploads.organizationId, organizationId), inArray(tables.uploads.id, ids as string[])));
      const mimes = new Map(rows.map((row) => [row.id, row.mime]));
      for (const use of kindUses) {
        const mime = mimes.get(String(use.id));
        if (mime === undefined) details.push({ path: use.path, message: `unknown upload ${use.id}` });
        else if (use.media && !MEDIA_CHECK[use.media].test(mime)) details.push({ path: use.path, message: `${MEDIA_CHECK[use.media].message} (${mime})` });
      }
      continue;
    }
    const target: Target = TARGETS[kind];
    // An int id beyond the column's range names nothing (and must not reach PostgreSQL as an integer).
    const inRange = ids.filter((id) => typeof id !== "number" || id <= INT32_MAX);
    const rows = inRange.length === 0 ? [] : await db
      .select({ id: target.column })
      .from(target.table)
      .where(and(eq(target.table.organizationId, organizationId), inArray(target.column, inRange as never[])));
    const found = new Set(rows.map((row) => String(row.id)));
    for (const use of kindUses) {
      if (!found.has(String(use.id))) details.push({ path: use.path, message: `unknown ${target.label} ${use.id}` });
    }
  }
  if (details.length > 0) {
    const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
    throw new ApiError("unprocessable", `${details[0]!.path}: ${details[0]!.message}${more}`, details);
  }
}

/** 409 for deleting a record others still use, naming them. */
export function referencedConflict(what: string, referrers: string[]): ApiError {
  const shown = referrers.slice(0, 10).join(", ");
  const more = referrers.length > 10 ? ` and ${referrers.length - 10} more` : "";
  return new ApiError("conflict", `${what} is still used by ${shown}${more}; remove those references first`);
}
