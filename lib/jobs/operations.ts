import { defineOperation } from "@/lib/http/route";
import { json } from "@/lib/http/responses";
import { getJobOrThrow, getQueueDepths, jobFilterSpec, listJobs, retryJob } from "./jobs";
import { jobIdParamsSchema, jobListSchema, jobSchema, queueDepthListSchema } from "./schemas";

const adminOnly = { roles: ["admin"] } as const;
const tags = ["Jobs"];
const SCOPE = "Only the caller's organization's jobs are seen (the service's own maintenance jobs belong to no organization and are not listed).";

export const getJobs = defineOperation({
  method: "GET",
  path: "/jobs",
  operationId: "listJobs",
  summary: "List background jobs",
  description: `Webhook deliveries, thumbnails and other background work, newest first; filter by \`state\`, \`task\` and \`created\`. Completed jobs are listed for a day, failed ones for 14 days. ${SCOPE}`,
  tags,
  auth: adminOnly,
  filter: jobFilterSpec,
  responses: { 200: { description: "Jobs", schema: jobListSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller, filter }) => json(await listJobs(db, caller.organizationId, filter)),
});

export const getJobQueues = defineOperation({
  method: "GET",
  path: "/jobs/queues",
  operationId: "listJobQueues",
  summary: "Queue depth per task",
  description: `For every task: jobs waiting (due or scheduled), running, failed and recently completed. ${SCOPE}`,
  tags,
  auth: adminOnly,
  responses: { 200: { description: "One entry per task", schema: queueDepthListSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller }) => json({ data: await getQueueDepths(db, caller.organizationId) }),
});

export const getJob = defineOperation({
  method: "GET",
  path: "/jobs/{id}",
  operationId: "getJob",
  summary: "Get a background job",
  description: SCOPE,
  tags,
  auth: adminOnly,
  request: { params: jobIdParamsSchema },
  responses: { 200: { description: "The job", schema: jobSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => json(await getJobOrThrow(db, caller.organizationId, params.id)),
});

export const postJobRetry = defineOperation({
  method: "POST",
  path: "/jobs/{id}/retry",
  operationId: "retryJob",
  summary: "Run a failed job again",
  description: `The job runs again at once with one more attempt allowed (state \`retry\`). Only a failed job can be retried (409 otherwise). ${SCOPE}`,
  tags,
  auth: adminOnly,
  request: { params: jobIdParamsSchema },
  responses: { 202: { description: "The job, due now", schema: jobSchema } },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ db, caller, params }) => json(await retryJob(db, caller.organizationId, params.id), { status: 202 }),
});

export const jobOperations = [getJobs, getJobQueues, getJob, postJobRetry];
