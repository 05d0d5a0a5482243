"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { PHASE_LIMITS, WORKOUT_ITEM_TYPES, type PhaseKind, type WorkoutItemType } from "@/lib/workouts/phases";
import { at, ListError, NumberField, TextInputs, useListField, useWorkoutEditor } from "./fields";
import { ITEM_LABELS, newItem, newPhase, PHASE_LABELS, phaseAdditions, type FormItem, type WorkoutFormValues } from "./form-values";
import { ItemFields } from "./item-editor";
import { SortableEntry, SortableList } from "./sortable";

type ItemListOps = { append: (item: Record<string, unknown>) => void; remove: (index: number) => void };

/**
 * The phases: warm up, training, cool down, at most three and always in that order. Missing kinds can
 * be added at their place; nothing else can be added, so an out-of-order or fourth phase cannot arise.
 */
export function PhaseList() {
  const editor = useWorkoutEditor();
  const { control, getValues } = useFormContext<WorkoutFormValues>();
  const { fields, insert, remove } = useFieldArray({ control, name: "phases" });
  const kinds = (useWatch({ control, name: "phases" }) ?? []).map((phase) => phase.kind);
  const additions = phaseAdditions(kinds);
  const itemLists = useRef(new Map<number, ItemListOps>());

  const moveItemToPhase = (from: number, index: number, to: number) => {
    const item = structuredClone(getValues(`phases.${from}.items.${index}`)) as Record<string, unknown>;
    itemLists.current.get(to)?.append(item);
    itemLists.current.get(from)?.remove(index);
  };

  return (
    <div className="space-y-4">
      {fields.map((field, index) => (
        <PhaseEditor
          key={field.id}
          index={index}
          kind={field.kind}
          onRemove={() => remove(index)}
          onMoveItem={(item, to) => moveItemToPhase(index, item, to)}
          registerItemList={(ops) => itemLists.current.set(index, ops)}
        />
      ))}
      <ListError path="phases" />
      <div className="flex flex-wrap items-center gap-2">
        {additions.map(({ kind, index }) => (
          <Button key={kind} variant="secondary" onClick={() => insert(index, newPhase(kind, editor))}>
            Add {PHASE_LABELS[kind].toLowerCase()} phase
          </Button>
        ))}
        {fields.length >= PHASE_LIMITS.phases ? <p className="text-sm text-slate-600">A workout has at most three phases: warm up, training and cool down.</p> : null}
      </div>
    </div>
  );
}

function PhaseEditor({
  index,
  kind,
  onRemove,
  onMoveItem,
  registerItemList,
}: {
  index: number;
  kind: PhaseKind;
  onRemove: () => void;
  onMoveItem: (item: number, toPhase: number) => void;
  registerItemList: (ops: ItemListOps) => void;
}) {
  const editor = useWorkoutEditor();
  const { getValues } = useFormContext<WorkoutFormValues>();
  const path = `phases.${index}`;
  const { fields, append, insert, remove, move } = useListField(`${path}.items`);
  const types = (useWatch({ name: at(`${path}.items`) }) as FormItem[] | undefined)?.map((item) => item.type) ?? [];
  const [newType, setNewType] = useState<WorkoutItemType>("SINGLE-EXERCISES");
  const headingId = useId();
  const phaseLabel = PHASE_LABELS[kind];
  useEffect(() => {
    registerItemList({ append, remove });
  });

  const itemName = (i: number) => `item ${i + 1}: ${ITEM_LABELS[types[i] ?? "TIMER"]}`;
  const ids = fields.map((field) => field.id);
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-300 bg-slate-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {phaseLabel}
        </h3>
        <Button variant="ghost" onClick={onRemove} aria-label={`Remove the ${phaseLabel.toLowerCase()} phase`}>
          Remove phase
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <TextInputs path={`${path}.title`} label="Phase title" nested />
        <NumberField path={`${path}.time`} label="Phase time" unit="seconds" className="w-40" />
      </div>
      <SortableList ids={ids} labelOf={(id) => itemName(ids.indexOf(String(id)))} onMove={move} listLabel={`Items of ${phaseLabel}`} className="space-y-3">
          {fields.map((field, i) => {
            const type = types[i] ?? (field as unknown as FormItem).type;
            const name = `Item ${i + 1}: ${ITEM_LABELS[type]}`;
            const owner = `${name.toLowerCase()} in ${phaseLabel.toLowerCase()}`;
            return (
              <SortableEntry key={field.id} id={field.id} label={`${itemName(i)} in ${phaseLabel.toLowerCase()}`} index={i} count={fields.length} onMove={move}>
                {(controls) => (
                  <ItemCard
                    name={name}
                    owner={owner}
                    path={`${path}.items.${i}`}
                    type={type}
                    controls={controls}
                    phaseIndex={index}
                    onDuplicate={() => insert(i + 1, structuredClone(getValues(at(`${path}.items.${i}`))) as unknown as Record<string, unknown>)}
                    onMoveTo={(to) => onMoveItem(i, to)}
                    onRemove={() => remove(i)}
                  />
                )}
              </SortableEntry>
            );
          })}
      </SortableList>
      <ListError path={`${path}.items`} />
      <div className="flex flex-wrap items-end gap-2">
        <Select label={`Type of the new item in ${phaseLabel.toLowerCase()}`} className="w-72" value={newType} onChange={(event) => setNewType(event.target.value as WorkoutItemType)}>
          {WORKOUT_ITEM_TYPES.map((type) => (
            <option key={type} value={type}>
              {ITEM_LABELS[type]} ({type})
            </option>
          ))}
        </Select>
        <Button variant="secondary" onClick={() => append(newItem(newType, editor) as unknown as Record<string, unknown>)}>
          Add item
        </Button>
      </div>
    </section>
  );
}

function ItemCard({
  name,
  owner,
  path,
  type,
  controls,
  phaseIndex,
  onDuplicate,
  onMoveTo,
  onRemove,
}: {
  name: string;
  owner: string;
  path: string;
  type: WorkoutItemType;
  controls: ReactNode;
  phaseIndex: number;
  onDuplicate: () => void;
  onMoveTo: (phase: number) => void;
  onRemove: () => void;
}) {
  const { phaseTitles } = useWorkoutEditor();
  const headingId = useId();
  return (
    // Named with its phase too: every phase has an "Item 1", and two regions of one name are ambiguous (axe landmark-unique).
    <section aria-labelledby={`${headingId} ${headingId}-phase`} className="space-y-3 rounded-md border border-slate-300 bg-white p-3">
      <span id={`${headingId}-phase`} hidden>
        in {phaseTitles[phaseIndex]?.toLowerCase()}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="grow font-semibold">
          {name} <span className="text-sm font-normal text-slate-600">({type})</span>
        </h4>
        {controls}
        <Button variant="ghost" className="px-2 py-1" onClick={onDuplicate} aria-label={`Duplicate ${owner}`}>
          Duplicate
        </Button>
        {phaseTitles.map((title, to) =>
          to === phaseIndex ? null : (
            <Button key={to} variant="ghost" className="px-2 py-1" onClick={() => onMoveTo(to)} aria-label={`Move ${owner} to ${title.toLowerCase()}`}>
              To {title.toLowerCase()}
            </Button>
          ),
        )}
        <Button variant="ghost" className="px-2 py-1" onClick={onRemove} aria-label={`Remove ${owner}`}>
          Remove
        </Button>
      </div>
      <ItemFields path={path} type={type} owner={owner} />
    </section>
  );
}
