import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { diffVersions } from "./diff-versions";
import { findVersion, latestVersionNumber, versionContent } from "./versions";

/** `GET …/versions/{n}/diff?to=m`: the structural diff of two versions' content (docs/api.md "Version history"). */
export async function diffRecordVersions(ctx: ContentContext, collection: Collection, id: string | number, from: number, to: number | undefined) {
  await collection.findVisible(ctx, id);
  const target = to ?? (await latestVersionNumber(ctx, collection, id)) ?? from;
  const [a, b] = await Promise.all([findVersion(ctx, collection, id, from), findVersion(ctx, collection, id, target)]);
  const changes = diffVersions(versionContent(collection, a, ctx.organization.id), versionContent(collection, b, ctx.organization.id), ctx.organization.languages);
  return { from, to: target, changes };
}
