"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useRef, type ReactNode } from "react";
import { useIsReadOnly } from "@/components/ui/read-only-scope";

/**
 * A vertical list reordered by dragging a handle (pointer or keyboard: Space picks up, arrows move,
 * Space drops, Escape cancels; @dnd-kit announces each step) or with Move up / Move down buttons.
 * `ids` are stable keys (react-hook-form's field ids); `labelOf` names an entry for announcements.
 */
export function SortableList({
  ids,
  labelOf,
  onMove,
  listLabel,
  className,
  children,
}: {
  ids: readonly string[];
  labelOf: (id: UniqueIdentifier) => string;
  onMove: (from: number, to: number) => void;
  /** The accessible name of the list (an <ol> of SortableEntry). */
  listLabel: string;
  className?: string;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}, position ${positionOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${labelOf(active.id)} is over position ${positionOf(over.id)} of ${ids.length}.` : `${labelOf(active.id)} is outside the list.`),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${labelOf(active.id)} at position ${positionOf(over.id)} of ${ids.length}.` : `Dropped ${labelOf(active.id)}; the order did not change.`),
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled; it stays at position ${positionOf(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}>
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        <ol aria-label={listLabel} className={className}>
          {children}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

const STEP_BUTTON = "rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-40";

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    "To move this entry, press Space to pick it up, the Up and Down arrow keys to move it, and Space again to drop it. Escape cancels. The Move up and Move down buttons do the same one step at a time.",
};

/**
 * One entry of a SortableList. `children` receives the reorder controls (drag handle, Move up, Move
 * down) to place in the entry's toolbar.
 */
export function SortableEntry({
  id,
  label,
  index,
  count,
  onMove,
  children,
}: {
  id: string;
  /** What the entry is called, e.g. "item 2: Superset". */
  label: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  children: (controls: ReactNode) => ReactNode;
}) {
  // Translators change texts only: the order is theirs to see, not to change.
  const isReadOnly = useIsReadOnly();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: isReadOnly });
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  // React may move this entry's element to reorder the list, which takes the focus off its button:
  // give it back, so a keyboard user can press Move down again and again.
  const focusAfterMove = useRef<"up" | "down" | null>(null);
  useEffect(() => {
    const which = focusAfterMove.current;
    focusAfterMove.current = null;
    if (which) (which === "up" ? upRef : downRef).current?.focus();
  }, [index]);
  const move = (which: "up" | "down") => {
    const to = which === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= count) return;
    focusAfterMove.current = which;
    onMove(index, to);
  };
  const controls = (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag ${label}`}
        disabled={isReadOnly}
        className="cursor-grab rounded px-2 py-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 active:cursor-grabbing"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus at the end of the list. */}
      <button ref={upRef} type="button" className={STEP_BUTTON} aria-disabled={index === 0} disabled={isReadOnly} onClick={() => move("up")} aria-label={`Move ${label} up`}>
        <span aria-hidden="true">↑</span>
      </button>
      <button ref={downRef} type="button" className={STEP_BUTTON} aria-disabled={index === count - 1} disabled={isReadOnly} onClick={() => move("down")} aria-label={`Move ${label} down`}>
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={isDragging ? "relative z-10 opacity-80 shadow-lg" : undefined}>
      {children(controls)}
    </li>
  );
}
