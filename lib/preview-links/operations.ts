import { z } from "zod";
import type { Caller } from "@/lib/core/caller";
import type { Collection } from "@/lib/content/collection";
import { buildContentContext } from "@/lib/content/context";
import type { OperationContext } from "@/lib/http/operation";
import { json, noContent } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { PREVIEW_COLLECTION_MAP } from "./collections";
import { createPreviewLink } from "./create-preview-link";
import { listPreviewLinks } from "./list-preview-links";
import { revokePreviewLink } from "./revoke-preview-link";
import { createdPreviewLinkSchema, createPreviewLinkBodySchema, MAX_PREVIEW_SECONDS, previewLinkFilterSpec, previewLinkListSchema, previewLinkParamsSchema } from "./schemas";

/** The roles that write content share previews (translators in their own languages: docs/api.md "Preview links"). */
const SHARERS = { roles: ["admin", "editor", "translator"] } as const;
const noStore = { "Cache-Control": "no-store" };
const contextOf = (op: Pick<OperationContext<unknown, unknown, unknown, unknown>, "db" | "caller" | "req" | "url">) =>
  buildContentContext({ db: op.db, caller: op.caller as Caller, req: op.req, url: op.url, multiLanguage: false });

const READS =
  "The link's `url` is the record's own address with `preview=<token>`: without any other credential it reads the record as it is now, drafts included, in the link's language, and the records it references (a workout's exercises; a training plan's workouts, on-demand items and its workouts' exercises) with the same parameter. Nothing else, and never a write.";

/** `POST|GET …/{id}/preview-links` and `DELETE …/{id}/preview-links/{link_id}` of a collection. */
function previewLinkOperations(collection: Collection, names: { name: string; tag: string }) {
  const base = `/content/${collection.key}/{id}/preview-links`;
  const params = z.object({ id: z.uuid("must be a uuid") });

  const post = defineOperation({
    method: "POST",
    path: base,
    operationId: `create${names.name}PreviewLink`,
    summary: `Share a preview of a ${collection.label}: a link that reads it without a token until it expires`,
    description: `${READS} The token is answered only here; the service keeps its SHA-256. Refused with 422: \`expires_in\` above ${MAX_PREVIEW_SECONDS} (7 days), a language the organization lacks; 403: a translator's link outside their languages.`,
    tags: [names.tag],
    auth: SHARERS,
    request: { params, body: createPreviewLinkBodySchema },
    responses: { 201: { description: "The link, with its token and address (shown this once)", schema: createdPreviewLinkSchema } },
    errors: ["forbidden", "not_found"],
    handle: async (op) => {
      const link = await createPreviewLink(await contextOf(op), collection, op.params.id, op.body);
      return json(link, { status: 201, headers: noStore });
    },
  });

  const list = defineOperation({
    method: "GET",
    path: base,
    operationId: `list${names.name}PreviewLinks`,
    summary: `List a ${collection.label}'s preview links (active, expired and revoked), without their tokens`,
    tags: [names.tag],
    auth: SHARERS,
    request: { params },
    filter: previewLinkFilterSpec,
    responses: { 200: { description: "Preview links, newest first", schema: previewLinkListSchema } },
    errors: ["forbidden", "not_found"],
    handle: async (op) => json(await listPreviewLinks(await contextOf(op), collection, op.params.id, op.filter), { headers: noStore }),
  });

  const remove = defineOperation({
    method: "DELETE",
    path: `${base}/{link_id}`,
    operationId: `revoke${names.name}PreviewLink`,
    summary: `Revoke a preview link of a ${collection.label}`,
    description: "Its token is a 401 from the next request on. The link stays in the list as `revoked`; revoking it again changes nothing (204).",
    tags: [names.tag],
    auth: SHARERS,
    request: { params: previewLinkParamsSchema },
    responses: { 204: { description: "Revoked" } },
    errors: ["forbidden", "not_found"],
    handle: async (op) => {
      await revokePreviewLink(await contextOf(op), collection, op.params.id, op.params.link_id);
      return noContent();
    },
  });

  return { post, list, remove, all: [post, list, remove] };
}

const workoutPreviewLinkOperations = previewLinkOperations(PREVIEW_COLLECTION_MAP.workouts, { name: "Workout", tag: "Workouts" });
const trainingPlanPreviewLinkOperations = previewLinkOperations(PREVIEW_COLLECTION_MAP["training-plans"], { name: "TrainingPlan", tag: "Training plans" });
const onDemandPreviewLinkOperations = previewLinkOperations(PREVIEW_COLLECTION_MAP["on-demand"], { name: "OnDemand", tag: "On-demand" });
const exercisePreviewLinkOperations = previewLinkOperations(PREVIEW_COLLECTION_MAP.exercises, { name: "Exercise", tag: "Exercises" });

export const { post: createWorkoutPreviewLink, list: listWorkoutPreviewLinks, remove: revokeWorkoutPreviewLink } = workoutPreviewLinkOperations;
export const { post: createTrainingPlanPreviewLink, list: listTrainingPlanPreviewLinks, remove: revokeTrainingPlanPreviewLink } = trainingPlanPreviewLinkOperations;
export const { post: createOnDemandPreviewLink, list: listOnDemandPreviewLinks, remove: revokeOnDemandPreviewLink } = onDemandPreviewLinkOperations;
export const { post: createExercisePreviewLink, list: listExercisePreviewLinks, remove: revokeExercisePreviewLink } = exercisePreviewLinkOperations;

export const previewLinkOperationsAll = [
  ...workoutPreviewLinkOperations.all,
  ...trainingPlanPreviewLinkOperations.all,
  ...onDemandPreviewLinkOperations.all,
  ...exercisePreviewLinkOperations.all,
];
