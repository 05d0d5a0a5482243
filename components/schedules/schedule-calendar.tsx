"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { Cell, HeaderCell, Row, Table } from "@/components/ui/table";
import { useAdmin } from "@/lib/admin/admin-context";
import { describeError } from "@/lib/admin/api-client";
import { findAdminCollection } from "@/lib/admin/collections";
import { CALENDAR_PAGE_SIZE, useScheduleCalendar, type Schedule, type ScheduleState } from "./api";
import { CancelScheduleButton, ScheduledChanges } from "./schedule-parts";

const COLLECTIONS = ["workouts", "training-plans", "on-demand"] as const;
const STATES: { value: ScheduleState; label: string }[] = [
  { value: "pending", label: "Upcoming" },
  { value: "failed", label: "Failed" },
  { value: "succeeded", label: "Done" },
];
// The day (in the person's time zone) a schedule falls on, as a sortable key and as a heading.
const DAY_KEY = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });
const DAY_HEADING = new Intl.DateTimeFormat("en-GB", { dateStyle: "full" });
const TIME = new Intl.DateTimeFormat("en-GB", { timeStyle: "short" });

function groupByDay(schedules: Schedule[]): { day: string; heading: string; schedules: Schedule[] }[] {
  const days = new Map<string, { day: string; heading: string; schedules: Schedule[] }>();
  for (const schedule of schedules) {
    const at = new Date(schedule.at);
    const day = DAY_KEY.format(at);
    const group = days.get(day) ?? { day, heading: DAY_HEADING.format(at), schedules: [] };
    group.schedules.push(schedule);
    days.set(day, group);
  }
  return [...days.values()];
}

/**
 * The calendar of scheduled status changes (docs/api.md "Scheduled status changes"): the organization's
 * schedules in a state (upcoming by default), soonest first, grouped by the day they fall on in the
 * person's time zone, with the record, languages, statuses and who scheduled them; filtered by
 * collection. Upcoming ones can be cancelled here, failed ones say why.
 */
export function ScheduleCalendar() {
  const { defaultLanguage } = useAdmin();
  const [collection, setCollection] = useState("");
  const [state, setState] = useState<ScheduleState>("pending");
  const [offset, setOffset] = useState(0);
  const calendar = useScheduleCalendar({ collection, state, offset }, defaultLanguage);
  const total = calendar.data?.total ?? 0;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <section aria-labelledby="schedules-heading" className="space-y-6">
      <div>
        <h1 id="schedules-heading" className="text-2xl font-semibold">
          Scheduled changes
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          Status changes of workouts, training plans and on-demand items set for a later minute, by day. Times are in your time zone ({zone}). Schedule a change from a
          record&apos;s status panel in its translation workspace.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <Select
          label="Collection"
          value={collection}
          onChange={(event) => {
            setCollection(event.target.value);
            setOffset(0);
          }}
        >
          <option value="">Every collection</option>
          {COLLECTIONS.map((slug) => (
            <option key={slug} value={slug}>
              {findAdminCollection(slug)?.label ?? slug}
            </option>
          ))}
        </Select>
        <Select
          label="Show"
          value={state}
          onChange={(event) => {
            setState(event.target.value as ScheduleState);
            setOffset(0);
          }}
        >
          {STATES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      {calendar.isError ? <Notice tone="error">{describeError(calendar.error)}</Notice> : null}
      {calendar.data && total === 0 ? <p className="text-sm text-slate-700">Nothing {state === "pending" ? "is scheduled" : STATES.find((option) => option.value === state)?.label.toLowerCase()} here.</p> : null}
      {calendar.data
        ? groupByDay(calendar.data.data).map((group) => (
            <section key={group.day} aria-labelledby={`day-${group.day}`} className="space-y-2">
              <h2 id={`day-${group.day}`} className="text-lg font-semibold">
                {group.heading}
              </h2>
              <Table
                caption={`Scheduled changes on ${group.heading}`}
                head={
                  <>
                    <HeaderCell>Time</HeaderCell>
                    <HeaderCell>Record</HeaderCell>
                    <HeaderCell>Change</HeaderCell>
                    <HeaderCell>Scheduled by</HeaderCell>
                    <HeaderCell>{state === "failed" ? "Reason" : "State"}</HeaderCell>
                    <HeaderCell hidden>Actions</HeaderCell>
                  </>
                }
              >
                {group.schedules.map((schedule) => {
                  const admin = findAdminCollection(schedule.collection);
                  const preview = calendar.data.previews.get(`${schedule.collection}:${schedule.record_id}`);
                  const title = typeof preview?.title === "string" && preview.title ? preview.title : undefined;
                  const time = TIME.format(new Date(schedule.at));
                  return (
                    <Row key={schedule.id}>
                      <Cell className="whitespace-nowrap">
                        <time dateTime={schedule.at}>{time}</time>
                      </Cell>
                      <Cell>
                        {title ? (
                          <Link href={`/admin/translations/${schedule.collection}/${schedule.record_id}`} className="font-medium text-blue-800 underline-offset-2 hover:underline">
                            {title}
                          </Link>
                        ) : (
                          <span className="text-slate-700">a deleted {admin?.singular ?? "record"}</span>
                        )}
                        <span className="block text-xs text-slate-600">{admin?.singular ?? schedule.collection}</span>
                      </Cell>
                      <Cell>
                        <ScheduledChanges changes={schedule.changes} />
                      </Cell>
                      <Cell className="break-all">{schedule.created_by?.email ?? "a removed user"}</Cell>
                      <Cell>{schedule.state === "failed" ? <span className="text-rose-800">{schedule.reason}</span> : <Badge tone="info">{schedule.state}</Badge>}</Cell>
                      <Cell className="text-right">
                        <CancelScheduleButton schedule={schedule} what={title ?? `the ${admin?.singular ?? "record"}`} when={time} />
                      </Cell>
                    </Row>
                  );
                })}
              </Table>
            </section>
          ))
        : null}
      {total > CALENDAR_PAGE_SIZE ? (
        <nav aria-label="Calendar pages" className="flex items-center justify-end gap-2">
          <span className="text-sm text-slate-700">
            {offset + 1}–{Math.min(offset + CALENDAR_PAGE_SIZE, total)} of {total}
          </span>
          <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - CALENDAR_PAGE_SIZE))}>
            Earlier
          </Button>
          <Button variant="secondary" disabled={offset + CALENDAR_PAGE_SIZE >= total} onClick={() => setOffset(offset + CALENDAR_PAGE_SIZE)}>
            Later
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
