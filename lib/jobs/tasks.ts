import { CHANGE_TASKS } from "@/lib/changes/tasks";
import { IMPORT_TASKS } from "@/lib/imports/tasks";
import { ARCHIVE_TASKS } from "@/lib/org-archive/tasks";
import { SCHEDULE_TASKS } from "@/lib/schedules/tasks";
import { processMediaTask } from "@/lib/uploads/media/tasks";
import { UPLOAD_TASKS } from "@/lib/uploads/tasks";
import { VERSION_TASKS } from "@/lib/versions/tasks";
import { WEBHOOK_TASKS } from "@/lib/webhooks/tasks";
import type { AnyTask } from "./define-task";

/**
 * Every task of the service: each runner takes jobs of all of them, and each has its queue. A domain
 * defines its tasks beside its code (`lib/<domain>/tasks.ts`) and adds them here.
 */
export const ALL_TASKS: readonly AnyTask[] = [...CHANGE_TASKS, processMediaTask, ...WEBHOOK_TASKS, ...UPLOAD_TASKS, ...VERSION_TASKS, ...IMPORT_TASKS, ...ARCHIVE_TASKS, ...SCHEDULE_TASKS];

export const TASK_NAMES = ALL_TASKS.map((task) => task.name);
