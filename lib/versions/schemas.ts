import { z } from "zod";
import { VERSION_OPERATIONS } from "@/lib/db/schema/editorial";

const EXAMPLE_AUTHOR = { id: "8d3c1f2e-5b4a-4c6d-9e7f-0a1b2c3d4e5f", email: "editor@example.com" };

export const versionSummarySchema = z
  .object({
    number: z.number().int().meta({ description: "The record's version after this write (its ETag's version)" }),
    operation: z.enum(VERSION_OPERATIONS).meta({ description: "The write that made it: create, replace (PUT), patch, status, restore or delete" }),
    restored_from: z.number().int().nullable().meta({ description: "For a restore: the version whose content it wrote again" }),
    author: z.object({ id: z.uuid(), email: z.string() }).nullable().meta({ description: "Who wrote it; null when that user no longer exists" }),
    created_at: z.iso.datetime(),
  })
  .meta({
    id: "VersionSummary",
    example: { number: 4, operation: "patch", restored_from: null, author: EXAMPLE_AUTHOR, created_at: "2026-11-20T09:30:00.000Z" },
  });

export const versionListSchema = z
  .object({ total: z.number().int(), data: z.array(versionSummarySchema) })
  .meta({
    id: "VersionList",
    example: { total: 2, data: [{ number: 2, operation: "status", restored_from: null, author: EXAMPLE_AUTHOR, created_at: "2026-11-20T09:30:00.000Z" }, { number: 1, operation: "create", restored_from: null, author: EXAMPLE_AUTHOR, created_at: "2026-11-19T16:02:11.000Z" }] },
  });

/** One version with its record as it was, every text in every language (the record schema of the collection). */
export function versionSchemaOf(name: string, record: z.ZodType) {
  return versionSummarySchema
    .extend({ record })
    .meta({ id: `${name}Version`, description: `One version of a ${name}: \`record\` is the ${name} as this write stored it, every text a MultiLangString (the \`texts=all\` shape)` });
}

export const versionChangeSchema = z
  .object({
    type: z.enum(["added", "removed", "changed", "moved"]),
    path: z.string().meta({ description: "JSON Pointer into the `to` version's content (for `removed`: into the `from` version's)" }),
    from_path: z.string().optional().meta({ description: "For `moved`: where the element was in the `from` version" }),
    language: z.string().optional().meta({ description: "For a change of one language of a text: its code" }),
    old_value: z.unknown().optional().meta({ description: "The value in the `from` version (changed, removed)" }),
    new_value: z.unknown().optional().meta({ description: "The value in the `to` version (changed, added)" }),
  })
  .meta({ id: "VersionChange" });

export const versionDiffSchema = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    changes: z.array(versionChangeSchema),
  })
  .meta({
    id: "VersionDiff",
    description:
      "What changed from one version's content to another's: the record as written (the request body's members, texts as MultiLangString objects) and its `status`. docs/api.md \"Version history\".",
    example: {
      from: 3,
      to: 5,
      changes: [
        { type: "moved", path: "/phases/1/items/2", from_path: "/phases/0/items/1" },
        { type: "changed", path: "/phases/1/items/0/exercises/0/notes/de", language: "de", old_value: "Langsam", new_value: "Ganz langsam" },
      ],
    },
  });

export const versionNumberParamSchema = z.coerce.number().int("must be an integer").positive("must be a positive version number").max(2_147_483_647, "must be at most 2147483647");

export const versionDiffQuerySchema = z.object({
  to: versionNumberParamSchema.optional().meta({ description: "The version to compare with (default: the record's current version)", example: 5 }),
});
