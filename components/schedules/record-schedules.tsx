"use client";

import { Badge } from "@/components/ui/badge";
import { Notice } from "@/components/ui/notice";
import { Cell, HeaderCell, Row, Table } from "@/components/ui/table";
import { describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { useRecordSchedules } from "./api";
import { CancelScheduleButton, ScheduledChanges, useLocalTime } from "./schedule-parts";

/**
 * The record's schedules in its status panel: those still to run, each with a cancel button, and those
 * that could not run, with the reason (ADR 29: nothing retries them; schedule again).
 */
export function RecordSchedules({ collection, id }: { collection: AdminCollection; id: string }) {
  const schedules = useRecordSchedules(collection, id);
  const localTime = useLocalTime();
  const rows = schedules.data?.data ?? [];
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Scheduled changes</h3>
      {schedules.isError ? <Notice tone="error">{describeError(schedules.error)}</Notice> : null}
      {schedules.data && rows.length === 0 ? <p className="text-sm text-slate-700">Nothing is scheduled for this {collection.singular}.</p> : null}
      {rows.length > 0 ? (
        <Table
          caption="Scheduled changes of this record, soonest first"
          head={
            <>
              <HeaderCell>When (your time)</HeaderCell>
              <HeaderCell>Change</HeaderCell>
              <HeaderCell>Scheduled by</HeaderCell>
              <HeaderCell>State</HeaderCell>
              <HeaderCell hidden>Actions</HeaderCell>
            </>
          }
        >
          {rows.map((schedule) => {
            const when = localTime(schedule.at);
            return (
              <Row key={schedule.id}>
                <Cell className="whitespace-nowrap">
                  <time dateTime={schedule.at}>{when}</time>
                </Cell>
                <Cell>
                  <ScheduledChanges changes={schedule.changes} />
                </Cell>
                <Cell className="break-all">{schedule.created_by?.email ?? "a removed user"}</Cell>
                <Cell>
                  {schedule.state === "failed" ? (
                    <>
                      <Badge tone="danger">failed</Badge> <span className="text-rose-800">{schedule.reason}</span>
                    </>
                  ) : (
                    <Badge tone="info">{schedule.state}</Badge>
                  )}
                </Cell>
                <Cell className="text-right">
                  <CancelScheduleButton schedule={schedule} when={when} />
                </Cell>
              </Row>
            );
          })}
        </Table>
      ) : null}
    </div>
  );
}
