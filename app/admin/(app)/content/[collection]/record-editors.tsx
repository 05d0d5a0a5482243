import type { ReactNode } from "react";
import type { RecordEditorProps } from "@/components/collections/record-editor-props";
import { EquipmentEditor } from "@/components/equipment/equipment-editor";
import { ExerciseEditor } from "@/components/exercises/exercise-editor";
import { InstructorEditor } from "@/components/instructors/instructor-editor";
import { OnDemandEditor } from "@/components/on-demand/on-demand-editor";
import { WorkoutEditor } from "@/components/workouts/workout-editor";
import { TrainingPlanEditor } from "@/components/training-plans/training-plan-editor";
import { LookupEditor } from "@/components/collections/lookup-form";
import type { CollectionSlug } from "@/lib/collections/registry";

/**
 * The editor of each collection of the registry (lib/collections/registry.ts), by its admin slug: a
 * registered collection without one fails to compile. Lookups share one form; the content
 * collections have purpose-built editors. The editors meet here, in app/: admin
 * feature folders (components/<feature>) never import each other (eslint.config.mjs).
 */
type RenderEditor = (props: RecordEditorProps) => ReactNode;

const lookup: RenderEditor = (props) => <LookupEditor {...props} />;

const EDITORS: Record<CollectionSlug, RenderEditor> = {
  "equipment-brands": lookup,
  "equipment-categories": lookup,
  "muscle-groups": lookup,
  "body-parts": lookup,
  goals: lookup,
  "activity-types": lookup,
  providers: lookup,
  categories: lookup,
  packages: lookup,
  workouts: (props) => <WorkoutEditor {...props} />,
  exercises: (props) => <ExerciseEditor {...props} />,
  equipment: (props) => <EquipmentEditor {...props} />,
  instructors: (props) => <InstructorEditor {...props} />,
  "on-demand": (props) => <OnDemandEditor {...props} />,
  "training-plans": (props) => <TrainingPlanEditor {...props} />,
};

export function findRecordEditor(slug: string): RenderEditor | undefined {
  return Object.hasOwn(EDITORS, slug) ? EDITORS[slug as CollectionSlug] : undefined;
}
