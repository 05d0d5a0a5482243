"use client";

import Link from "next/link";
import { useState } from "react";
import { StatusBadges } from "@/components/collections/status-badges";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { describeError } from "@/lib/admin/api-client";
import type { RenderedText } from "@/lib/i18n";
import { useActivityThroughPlan, type ReferenceKind } from "./api";
import { FitnessFieldsInputs, useFitnessInputs } from "./fitness-fields";
import { DAY_NAMES, dayLabel, type DayRef, type FitnessFields, type Place } from "./plan-grid";

/** Moves (or copies) an activity to a chosen week and day: the keyboard's way of moving one. */
export function MoveActivityDialog({
  title,
  from,
  weeks,
  onMove,
  onCopy,
  onClose,
}: {
  title: string;
  from: Place;
  weeks: number;
  onMove: (to: DayRef) => void;
  onCopy: (to: DayRef) => void;
  onClose: () => void;
}) {
  const [week, setWeek] = useState(from.week);
  const [day, setDay] = useState(from.day);
  return (
    <Dialog open title={`Move ${title}`} onClose={onClose}>
      <p className="text-sm text-slate-700">Now on {dayLabel(from)}.</p>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <Select label="Week" value={week} onChange={(event) => setWeek(Number(event.target.value))}>
          {Array.from({ length: weeks }, (_, index) => (
            <option key={index} value={index}>
              Week {index + 1}
            </option>
          ))}
        </Select>
        <Select label="Day" value={day} onChange={(event) => setDay(Number(event.target.value))}>
          {DAY_NAMES.map((name, index) => (
            <option key={name} value={index}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={() => onCopy({ week, day })}>
          Copy there
        </Button>
        <Button onClick={() => onMove({ week, day })}>Move there</Button>
      </div>
    </Dialog>
  );
}

/** A text of a record read in one language: a string (a MultiLangString only when several languages are asked for). */
const textOf = (text: RenderedText): string => (typeof text === "string" ? text : text.default);

/** A workout or on-demand item as the API serves it through this plan (the `training-plan` parameter). */
export function ReferenceDetailsDialog({ kind, id, title, planId, onClose }: { kind: ReferenceKind; id: string; title: string; planId: string | undefined; onClose: () => void }) {
  const record = useActivityThroughPlan(kind, id, planId);
  const data = record.data;
  const phases = data && "phases" in data ? data.phases : [];
  return (
    <Dialog open title={title} onClose={onClose}>
      <p className="text-sm text-slate-700">
        {planId ? "As the API serves it when opened from this plan." : "The plan is not saved yet: this is the record as the API serves it on its own."}
      </p>
      {record.isPending ? <p className="mt-3">Loading…</p> : null}
      {record.isError ? (
        <div className="mt-3">
          <Notice tone="error">{describeError(record.error)}</Notice>
        </div>
      ) : null}
      {data ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Title</dt>
          <dd>{textOf(data.title)}</dd>
          {textOf(data.description) ? (
            <>
              <dt className="font-medium">Description</dt>
              <dd>{textOf(data.description)}</dd>
            </>
          ) : null}
          <dt className="font-medium">Level</dt>
          <dd>{data.level}</dd>
          <dt className="font-medium">Duration</dt>
          <dd>{data.duration} minutes</dd>
          {"type" in data ? (
            <>
              <dt className="font-medium">Type</dt>
              <dd>{data.type}</dd>
            </>
          ) : null}
          <dt className="font-medium">Status</dt>
          <dd>
            <StatusBadges status={data.status} />
          </dd>
          {phases.length > 0 ? (
            <>
              <dt className="font-medium">Phases</dt>
              <dd>
                <ul>
                  {phases.map((phase, index) => (
                    <li key={index}>
                      {phase.title}: {phase.items.length} {phase.items.length === 1 ? "item" : "items"}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Link href={`/admin/content/${kind}/${encodeURIComponent(id)}`} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100">
          Go to the {kind === "workouts" ? "workout" : "on-demand item"}
        </Link>
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}

/** Edits a fitness activity described in place. */
export function FitnessActivityDialog({ fields, onApply, onClose }: { fields: FitnessFields; onApply: (fields: FitnessFields) => void; onClose: () => void }) {
  const inputs = useFitnessInputs(fields);
  const apply = () => {
    const next = inputs.read();
    if (next) onApply(next);
  };
  return (
    <Dialog open title="Fitness activity" onClose={onClose}>
      <FitnessFieldsInputs inputs={inputs} onEnter={apply} />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={apply}>Apply</Button>
      </div>
    </Dialog>
  );
}
