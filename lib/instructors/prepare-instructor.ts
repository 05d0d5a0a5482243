import type { ReferenceUse } from "@/lib/content/references";
import { buildSearchText } from "@/lib/content/text";
import type { Prepared } from "@/lib/content/write-record";
import { instructorFields, type InstructorInput } from "./instructor-record";

/** The instructor's rules for a write: its user and photo must exist; its name is what `q` searches. */
export function prepareInstructor(input: InstructorInput): Prepared {
  const uses: ReferenceUse[] = [];
  if (input.user_id) uses.push({ kind: "users", id: input.user_id, path: "/user_id" });
  if (input.photo) uses.push({ kind: "uploads", id: input.photo, path: "/photo", media: "image" });
  return {
    values: { ...instructorFields.copy(input), searchText: buildSearchText([input.name]) },
    uses,
    requiredTexts: [],
    texts: [],
    searchTexts: [input.name],
  };
}
