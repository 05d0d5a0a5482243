import { z } from "zod";
import type { Caller } from "@/lib/core/caller";
import type { Collection } from "@/lib/content/collection";
import { buildContentContext } from "@/lib/content/context";
import { CONTENT_WRITE, WRITE_RESPONSE_HEADERS, writtenRecord } from "@/lib/content/operations";
import { exercises } from "@/lib/exercises/collection";
import { exerciseRecordSchema } from "@/lib/exercises/operations";
import type { FilterSpec } from "@/lib/filter";
import { CONTENT_CACHE_CONTROL, CONTENT_VARY } from "@/lib/http/conditional";
import type { OperationContext } from "@/lib/http/operation";
import { json } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { instructors } from "@/lib/instructors/collection";
import { instructorRecordSchema } from "@/lib/instructors/operations";
import { onDemand } from "@/lib/on-demand/collection";
import { onDemandRecordSchema } from "@/lib/on-demand/operations";
import { trainingPlans } from "@/lib/training-plans/collection";
import { trainingPlanRecordSchema } from "@/lib/training-plans/operations";
import { workouts } from "@/lib/workouts/collection";
import { workoutRecordSchema } from "@/lib/workouts/operations";
import { diffRecordVersions } from "./diff-record-versions";
import { restoreVersion } from "./restore-version";
import { versionDiffQuerySchema, versionDiffSchema, versionListSchema, versionNumberParamSchema, versionSchemaOf } from "./schemas";
import { getVersion, listVersions } from "./versions";

/** The endpoints of a record's version history (docs/api.md "Version history"). */

const versionListFilterSpec = { fields: {}, order: {}, defaultOrder: [] } as const satisfies FilterSpec;
/** Versions are the editors' tool: read by the roles that write content. */
const HISTORY_READ = { roles: ["admin", "editor", "translator"] } as const;
const noStore = { headers: { "Cache-Control": CONTENT_CACHE_CONTROL, Vary: CONTENT_VARY } };

function contextOf(op: OperationContext<unknown, unknown, unknown, unknown>) {
  return buildContentContext({ db: op.db, caller: op.caller as Caller, req: op.req, url: op.url, multiLanguage: true });
}

function versionOperations(collection: Collection, names: { name: string; tag: string; record: z.ZodType }) {
  const base = `/content/${collection.key}/{id}/versions`;
  const id = collection.idKind === "int" ? z.coerce.number().int("must be an integer id").positive("must be a positive id") : z.uuid("must be a uuid");
  const recordParams = z.object({ id });
  const versionParams = z.object({ id, number: versionNumberParamSchema });
  const label = collection.label;

  const list = defineOperation({
    method: "GET",
    path: base,
    operationId: `list${names.name}Versions`,
    summary: `The version history of a ${label}, newest first`,
    description: "One version per write (create, replace, patch, status change, restore), each with its author and time. Versions past retention are gone (docs/api.md \"Version history\").",
    tags: [names.tag],
    auth: HISTORY_READ,
    request: { params: recordParams },
    filter: versionListFilterSpec,
    responses: { 200: { description: "Versions, newest first", schema: versionListSchema } },
    errors: ["forbidden", "not_found"],
    handle: async (op) => json(await listVersions(await contextOf(op), collection, op.params.id, op.filter), noStore),
  });

  const get = defineOperation({
    method: "GET",
    path: `${base}/{number}`,
    operationId: `get${names.name}Version`,
    summary: `One version of a ${label}: the record as that write stored it, every text in every language`,
    tags: [names.tag],
    auth: HISTORY_READ,
    request: { params: versionParams },
    responses: { 200: { description: "The version", schema: versionSchemaOf(names.name, names.record) } },
    errors: ["forbidden", "not_found"],
    handle: async (op) => json(await getVersion(await contextOf(op), collection, op.params.id, op.params.number), noStore),
  });

  const diff = defineOperation({
    method: "GET",
    path: `${base}/{number}/diff`,
    operationId: `diff${names.name}Versions`,
    summary: `What changed from one version of a ${label} to another, field by field and language by language`,
    description:
      "Phases, items, weeks and steps included; an element moved (within its list, or to the same list of another phase, week or day) is one `moved` change, and its own changes follow at its new path.",
    tags: [names.tag],
    auth: HISTORY_READ,
    request: { params: versionParams, query: versionDiffQuerySchema },
    responses: { 200: { description: "The changes", schema: versionDiffSchema } },
    errors: ["forbidden", "not_found"],
    handle: async (op) => json(await diffRecordVersions(await contextOf(op), collection, op.params.id, op.params.number, op.query.to), noStore),
  });

  const restore = defineOperation({
    method: "POST",
    path: `${base}/{number}/restore`,
    operationId: `restore${names.name}Version`,
    summary: `Write an earlier version of a ${label} again, as a new version`,
    description:
      "Checked like a replace: references that no longer exist are a 422 naming each; a published language must keep its required texts. The per-language status is left as it is. `If-Match` is required; a stale one is a 412.",
    tags: [names.tag],
    auth: CONTENT_WRITE,
    request: {
      params: versionParams,
      headers: z.object({
        "if-match": z.string().meta({ description: "The record's current ETag (or `*`); a stale one gets 412", example: '"5f0c2a9e-3b1d-4c6e-8f7a-9b0c1d2e3f4a.3"' }),
      }),
    },
    responses: { 200: { description: `The ${label} as restored, in the request's language view`, schema: names.record, headers: WRITE_RESPONSE_HEADERS } },
    errors: ["bad_request", "forbidden", "not_found", "precondition_failed", "unprocessable"],
    handle: async (op) => {
      const ctx = await contextOf(op);
      const { body, etag } = await restoreVersion(ctx, collection, op.params.id, op.params.number, op.req.headers.get("if-match"));
      return writtenRecord(ctx, body, etag);
    },
  });

  return { list, get, diff, restore, all: [list, get, diff, restore] };
}

const of = (collection: unknown) => collection as Collection;

const workoutVersionOperations = versionOperations(of(workouts), { name: "Workout", tag: "Workouts", record: workoutRecordSchema });
const trainingPlanVersionOperations = versionOperations(of(trainingPlans), { name: "TrainingPlan", tag: "Training plans", record: trainingPlanRecordSchema });
const onDemandVersionOperations = versionOperations(of(onDemand), { name: "OnDemand", tag: "On-demand", record: onDemandRecordSchema });
const exerciseVersionOperations = versionOperations(of(exercises), { name: "Exercise", tag: "Exercises", record: exerciseRecordSchema });
const instructorVersionOperations = versionOperations(of(instructors), { name: "Instructor", tag: "Instructors", record: instructorRecordSchema });

export const { list: listWorkoutVersions, get: getWorkoutVersion, diff: diffWorkoutVersions, restore: restoreWorkoutVersion } = workoutVersionOperations;
export const { list: listTrainingPlanVersions, get: getTrainingPlanVersion, diff: diffTrainingPlanVersions, restore: restoreTrainingPlanVersion } = trainingPlanVersionOperations;
export const { list: listOnDemandVersions, get: getOnDemandVersion, diff: diffOnDemandVersions, restore: restoreOnDemandVersion } = onDemandVersionOperations;
export const { list: listExerciseVersions, get: getExerciseVersion, diff: diffExerciseVersions, restore: restoreExerciseVersion } = exerciseVersionOperations;
export const { list: listInstructorVersions, get: getInstructorVersion, diff: diffInstructorVersions, restore: restoreInstructorVersion } = instructorVersionOperations;

/** Every endpoint of the version history, for the OpenAPI document. */
export const allVersionOperations = [
  workoutVersionOperations,
  trainingPlanVersionOperations,
  onDemandVersionOperations,
  exerciseVersionOperations,
  instructorVersionOperations,
].flatMap((operations) => operations.all);
