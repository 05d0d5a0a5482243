/**
 * Which events a receiver gets. A receiver's `events` lists patterns `<Entity>.<event>`, where either
 * side may be `*` (`Workout.*`, `*.deleted`, `Exercise.created`); an empty list means every event.
 */
export const WEBHOOK_ENTITIES = [
  "Exercise",
  "Workout",
  "TrainingPlan",
  "OnDemand",
  "Instructor",
  "Equipment",
  "EquipmentBrand",
  "EquipmentCategory",
  "MuscleGroup",
  "BodyPart",
  "FitnessGoal",
  "ContentCategory",
  "ContentProvider",
  "ActivityType",
  "ContentPackage",
  // Not a content collection: an upload's `updated` event tells that its processing ended (docs/api.md "Media processing").
  "Upload",
  // Not a content collection: a scheduled status change that ended, succeeded or failed (docs/api.md "Scheduled status changes").
  "Schedule",
] as const;

export const WEBHOOK_EVENTS = ["created", "updated", "deleted"] as const;

export const EVENT_PATTERN = new RegExp(`^(?:\\*|${WEBHOOK_ENTITIES.join("|")})\\.(?:\\*|${WEBHOOK_EVENTS.join("|")})$`);

export function matchesEventFilter(patterns: readonly string[], entity: string, event: string): boolean {
  if (patterns.length === 0) return true;
  return patterns.some((pattern) => {
    const [patternEntity, patternEvent] = pattern.split(".");
    return (patternEntity === "*" || patternEntity === entity) && (patternEvent === "*" || patternEvent === event);
  });
}
