import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { ApiError } from "@/lib/core/errors";
import { rowOfVersion } from "./record-version";
import { findVersion } from "./versions";

/**
 * `POST …/versions/{n}/restore`: writes version n's content as a new version, under If-Match and every
 * rule of a replace (docs/api.md "Version history"). References that no longer exist are a 422 naming
 * them; the per-language status stays as it is (publishing has its own rules).
 */
export async function restoreVersion(ctx: ContentContext, collection: Collection, id: string | number, number: number, ifMatch: string | null) {
  if (ifMatch === null) {
    throw new ApiError("bad_request", "If-Match is required: send the record's current ETag (or *)", [{ path: "/if-match", message: "is required" }]);
  }
  if (!collection.restore) throw new Error(`the ${collection.key} collection keeps no versions`);
  await collection.findVisible(ctx, id);
  const version = await findVersion(ctx, collection, id, number);
  const stored = rowOfVersion(collection.table, version.data, ctx.organization.id);
  return collection.restore(ctx, id, stored as never, number, ifMatch);
}
