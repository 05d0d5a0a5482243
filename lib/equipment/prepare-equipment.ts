import type { ContentContext } from "@/lib/content/context";
import { usesOf, type ReferenceUse } from "@/lib/content/references";
import { writeText, type WriteMode } from "@/lib/content/text";
import type { Prepared } from "@/lib/content/write-record";
import { ApiError } from "@/lib/core/errors";
import { equipmentFields, type EquipmentInput, type EquipmentRow } from "./equipment-record";

/**
 * The equipment's rules for a write: a brand, a category and an image unless it is the no-equipment
 * record (422), its texts merged per language, the records it references, and its slug (always
 * `no-equipment` for that record). `current` is the stored record a replace or patch changes.
 */
export function prepareEquipment(input: EquipmentInput, current: EquipmentRow | undefined, ctx: ContentContext, mode: WriteMode): Prepared {
  const name = writeText(current?.name, input.name, mode, ctx, "/name");
  const description = writeText(current?.description, input.description, mode, ctx, "/description");
  const isNone = current?.isNone ?? false;
  const problems = isNone
    ? []
    : [
        ...(input.brand_id === null ? [{ path: "/brand_id", message: "is required" }] : []),
        ...(input.categories.length === 0 ? [{ path: "/categories", message: "needs at least one equipment category" }] : []),
        ...(!input.image ? [{ path: "/image", message: "is required" }] : []),
      ];
  if (problems.length > 0) throw new ApiError("unprocessable", `${problems[0]!.path}: ${problems[0]!.message}`, problems);
  const uses: ReferenceUse[] = [...usesOf("equipment-categories", input.categories, "/categories")];
  if (input.brand_id !== null) uses.push({ kind: "equipment-brands", id: input.brand_id, path: "/brand_id" });
  if (input.image) uses.push({ kind: "uploads", id: input.image, path: "/image", media: "image" });
  return {
    values: { ...equipmentFields.copy(input), name, description },
    uses,
    requiredTexts: [{ path: "/name", text: name }],
    texts: [name, description],
    searchTexts: [name],
    slug: { given: isNone ? "no-equipment" : input.slug, source: name[ctx.organization.defaultLanguage] ?? "" },
  };
}
