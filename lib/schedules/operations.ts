import { z } from "zod";
import type { Caller } from "@/lib/core/caller";
import type { Collection } from "@/lib/content/collection";
import { buildContentContext } from "@/lib/content/context";
import { CONTENT_WRITE } from "@/lib/content/operations";
import type { OperationContext } from "@/lib/http/operation";
import { created, json, noContent } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { SCHEDULE_COLLECTION_MAP } from "./collections";
import { createSchedule } from "./create-schedule";
import { deleteSchedule } from "./delete-schedule";
import { listRecordSchedules, listSchedules } from "./list-schedules";
import { createScheduleBodySchema, scheduleFilterSpec, scheduleListSchema, scheduleParamsSchema, scheduleSchema } from "./schemas";

const READERS = { roles: ["admin", "editor", "translator"] } as const;
const noStore = { "Cache-Control": "no-store" };
const contextOf = (op: Pick<OperationContext<unknown, unknown, unknown, unknown>, "db" | "caller" | "req" | "url">) =>
  buildContentContext({ db: op.db, caller: op.caller as Caller, req: op.req, url: op.url, multiLanguage: false });

const RULES =
  "At `at` (to the minute) the change runs as a background job, exactly once, under the rules of `PATCH …/status`: the transitions, the required texts, and the role and languages of whoever scheduled it as they are then. A schedule that can no longer run ends `failed` with its reason, and a `Schedule.updated` webhook event is sent.";

/** `POST|GET …/{id}/schedules` and `DELETE …/{id}/schedules/{schedule_id}` of a publishable collection. */
function scheduleOperations(collection: Collection, names: { name: string; tag: string }) {
  const base = `/content/${collection.key}/{id}/schedules`;
  const params = z.object({ id: z.uuid("must be a uuid") });

  const post = defineOperation({
    method: "POST",
    path: base,
    operationId: `create${names.name}Schedule`,
    summary: `Schedule a status change of a ${collection.label}`,
    description: `\`{language, status, at}\` for one language, or \`{changes: [{language, status}], at}\` for a release of several languages that all change or none does. ${RULES} Refused with 422: \`at\` before the current minute, a language the organization lacks, a transition the state machine forbids from the status the record will have then; 409: a pending schedule of the same record, language and minute.`,
    tags: [names.tag],
    auth: CONTENT_WRITE,
    request: { params, body: createScheduleBodySchema },
    responses: { 201: { description: "The pending schedule", schema: scheduleSchema } },
    errors: ["forbidden", "not_found", "conflict", "unprocessable"],
    handle: async (op) => {
      const schedule = await createSchedule(await contextOf(op), collection, op.params.id, op.body);
      return created(schedule, `/api/v3/content/${collection.key}/${op.params.id}/schedules/${schedule.id}`, noStore);
    },
  });

  const list = defineOperation({
    method: "GET",
    path: base,
    operationId: `list${names.name}Schedules`,
    summary: `List a ${collection.label}'s schedules: pending, succeeded and failed`,
    tags: [names.tag],
    auth: READERS,
    request: { params },
    filter: scheduleFilterSpec,
    responses: { 200: { description: "Schedules, soonest first", schema: scheduleListSchema } },
    errors: ["forbidden", "not_found"],
    handle: async (op) => json(await listRecordSchedules(await contextOf(op), collection, op.params.id, op.filter), { headers: noStore }),
  });

  const remove = defineOperation({
    method: "DELETE",
    path: `${base}/{schedule_id}`,
    operationId: `delete${names.name}Schedule`,
    summary: `Cancel a pending schedule of a ${collection.label}`,
    description: "Only a pending schedule can be cancelled (409 for one that already ran).",
    tags: [names.tag],
    auth: CONTENT_WRITE,
    request: { params: scheduleParamsSchema },
    responses: { 204: { description: "Cancelled" } },
    errors: ["forbidden", "not_found", "conflict"],
    handle: async (op) => {
      await deleteSchedule(await contextOf(op), collection, op.params.id, op.params.schedule_id);
      return noContent();
    },
  });

  return { post, list, remove, all: [post, list, remove] };
}

const workoutScheduleOperations = scheduleOperations(SCHEDULE_COLLECTION_MAP.workouts, { name: "Workout", tag: "Workouts" });
const trainingPlanScheduleOperations = scheduleOperations(SCHEDULE_COLLECTION_MAP["training-plans"], { name: "TrainingPlan", tag: "Training plans" });
const onDemandScheduleOperations = scheduleOperations(SCHEDULE_COLLECTION_MAP["on-demand"], { name: "OnDemand", tag: "On-demand" });

export const { post: createWorkoutSchedule, list: listWorkoutSchedules, remove: deleteWorkoutSchedule } = workoutScheduleOperations;
export const { post: createTrainingPlanSchedule, list: listTrainingPlanSchedules, remove: deleteTrainingPlanSchedule } = trainingPlanScheduleOperations;
export const { post: createOnDemandSchedule, list: listOnDemandSchedules, remove: deleteOnDemandSchedule } = onDemandScheduleOperations;

export const getSchedules = defineOperation({
  method: "GET",
  path: "/content/schedules",
  operationId: "listSchedules",
  summary: "List the organization's scheduled status changes",
  description: `Every schedule of workouts, training plans and on-demand items, soonest first: the calendar of upcoming changes with \`filter[where][state]=pending\`. ${RULES} \`language\` matches a schedule that changes that key (\`default\` for the default language).`,
  tags: ["Publishing"],
  auth: READERS,
  filter: scheduleFilterSpec,
  responses: { 200: { description: "Schedules, soonest first", schema: scheduleListSchema } },
  errors: ["forbidden"],
  handle: async (op) => json(await listSchedules(await contextOf(op), op.filter), { headers: noStore }),
});

export const scheduleOperationsAll = [...workoutScheduleOperations.all, ...trainingPlanScheduleOperations.all, ...onDemandScheduleOperations.all, getSchedules];
