import type { ContentContext } from "@/lib/content/context";
import { findVisible, recordRead } from "@/lib/content/record";
import { exerciseRecord } from "./exercise-record";

/** `GET /content/exercises/{id}`: the exercise (404 when it is not the organization's or not covered by the caller's preview link) and the version part of its ETag. */
export async function getExercise(ctx: ContentContext, id: string | number) {
  return recordRead(ctx, exerciseRecord, await findVisible(ctx, exerciseRecord, id));
}
