"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Cell, EmptyRow, HeaderCell, Row, Table } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { describeError } from "@/lib/admin/api-client";
import { useFailedJobs, useQueueDepths, useRetryJob } from "./api";

// In UTC, as the column heading says: the server renders the first paint (ADR 9), and a time zone of
// its own would change every time when the browser takes over.
const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
const formatDate = (value: string | null) => (value ? WHEN.format(new Date(value)) : "—");

/** What each task does, in the words of this screen's readers. */
const TASK_LABELS: Record<string, string> = {
  "webhooks.fan-out": "Webhook events to deliveries",
  "webhooks.deliver": "Webhook delivery",
  "webhooks.sweep": "Webhook events left behind",
  "webhooks.prune": "Old webhook history",
  "uploads.thumbnails": "Image thumbnails",
  "changes.prune": "Old change-feed deletions",
  "media.process": "Video and audio processing",
  "schedules.run": "Scheduled status change",
  "schedules.sweep": "Overdue scheduled changes",
};
const labelOf = (task: string) => TASK_LABELS[task] ?? task;

export function JobsScreen() {
  const queues = useQueueDepths();
  const failed = useFailedJobs();
  const retry = useRetryJob();
  const toast = useToast();

  return (
    <section aria-labelledby="jobs-heading" className="space-y-6">
      <div>
        <h1 id="jobs-heading" className="text-2xl font-semibold">
          Background jobs
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          Webhook deliveries, thumbnails and other work done in the background. A failed job keeps its last error; retry it once its cause is fixed.
        </p>
      </div>
      {queues.isError ? <Notice tone="error">{describeError(queues.error)}</Notice> : null}
      {queues.data ? (
        <Table
          caption="Queues"
          head={
            <>
              <HeaderCell>Task</HeaderCell>
              <HeaderCell>Waiting</HeaderCell>
              <HeaderCell>Running</HeaderCell>
              <HeaderCell>Failed</HeaderCell>
              <HeaderCell>Completed today</HeaderCell>
            </>
          }
        >
          {queues.data.data.map((queue) => (
            <Row key={queue.task}>
              <Cell>
                <div className="font-medium">{labelOf(queue.task)}</div>
                <div className="text-slate-700">{queue.task}</div>
              </Cell>
              <Cell>{queue.waiting}</Cell>
              <Cell>{queue.active}</Cell>
              <Cell>{queue.failed > 0 ? <Badge tone="danger">{queue.failed}</Badge> : 0}</Cell>
              <Cell>{queue.completed}</Cell>
            </Row>
          ))}
        </Table>
      ) : null}

      <section aria-labelledby="failed-heading" className="space-y-3">
        <h2 id="failed-heading" className="text-lg font-semibold">
          Failed jobs
        </h2>
        {failed.isError ? <Notice tone="error">{describeError(failed.error)}</Notice> : null}
        {failed.data ? (
          <Table
            caption="Failed jobs, newest first"
            head={
              <>
                <HeaderCell>Task</HeaderCell>
                <HeaderCell>Created (UTC)</HeaderCell>
                <HeaderCell>Attempts</HeaderCell>
                <HeaderCell>Last error</HeaderCell>
                <HeaderCell hidden>Actions</HeaderCell>
              </>
            }
          >
            {failed.data.data.length === 0 ? <EmptyRow columns={5}>No failed jobs.</EmptyRow> : null}
            {failed.data.data.map((job) => (
              <Row key={job.id}>
                <Cell>
                  <div className="font-medium">{labelOf(job.task)}</div>
                  <div className="text-slate-700">{job.id}</div>
                </Cell>
                <Cell>{formatDate(job.created_at)}</Cell>
                <Cell>
                  {job.attempts} of {job.max_attempts}
                </Cell>
                <Cell className="break-words">{job.last_error ?? "—"}</Cell>
                <Cell className="text-right">
                  <Button
                    variant="ghost"
                    aria-label={`Retry ${labelOf(job.task)} job ${job.id}`}
                    disabled={retry.isPending && retry.variables === job.id}
                    onClick={() =>
                      retry.mutate(job.id, {
                        onSuccess: () => toast.show(`The ${labelOf(job.task).toLowerCase()} job runs again.`),
                        onError: (error) => toast.show(describeError(error), "error"),
                      })
                    }
                  >
                    Retry
                  </Button>
                </Cell>
              </Row>
            ))}
          </Table>
        ) : null}
      </section>
    </section>
  );
}
