import type { ContentContext } from "@/lib/content/context";
import { findVisible, recordRead } from "@/lib/content/record";
import { instructorRecord } from "./instructor-record";

/** `GET /content/instructors/{id}`: the instructor (404 when it is not the organization's) and the version part of its ETag. */
export async function getInstructor(ctx: ContentContext, id: string | number) {
  return recordRead(ctx, instructorRecord, await findVisible(ctx, instructorRecord, id));
}
