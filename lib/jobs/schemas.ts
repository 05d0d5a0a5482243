import { z } from "zod";

/** pg-boss's job states, in the order a job moves through them. */
export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobSchema = z
  .object({
    id: z.uuid(),
    task: z.string().meta({ description: "What the job does (`webhooks.deliver`, `uploads.thumbnails` …)" }),
    state: z.enum(JOB_STATES).meta({
      description: "`created` waits for its first run, `retry` for another after a failure, `active` runs, `completed` succeeded, `failed` gave up (see `last_error`), `cancelled` was stopped",
    }),
    payload: z.unknown().meta({ description: "What the task was given (ids of the records it works on)" }),
    attempts: z.number().int().meta({ description: "Runs started so far" }),
    max_attempts: z.number().int().meta({ description: "Runs after which a failing job is `failed`" }),
    last_error: z.string().nullable().meta({ description: "Why the last run failed; kept on a failed job" }),
    created_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable().meta({ description: "When the latest run started" }),
    completed_at: z.iso.datetime().nullable(),
    next_run_at: z.iso.datetime().nullable().meta({ description: "When a waiting job (`created`, `retry`) runs next" }),
  })
  .meta({ id: "Job" });

export const jobListSchema = z.object({ total: z.number().int(), data: z.array(jobSchema) }).meta({ id: "JobList" });

export const queueDepthSchema = z
  .object({
    task: z.string(),
    waiting: z.number().int().meta({ description: "Jobs due or scheduled (`created` and `retry`)" }),
    active: z.number().int(),
    failed: z.number().int(),
    completed: z.number().int().meta({ description: "Completed jobs still listed (a day)" }),
  })
  .meta({ id: "QueueDepth" });

export const queueDepthListSchema = z.object({ data: z.array(queueDepthSchema) }).meta({ id: "QueueDepthList" });

export const jobIdParamsSchema = z.object({ id: z.uuid("must be a uuid") });

export type JobRecord = z.output<typeof jobSchema>;
export type QueueDepth = z.output<typeof queueDepthSchema>;
