import { describe, expect, it } from "vitest";
import { EVENT_PATTERN, matchesEventFilter } from "./event-filter";

describe("webhook event filter", () => {
  it.each([
    [[], "Workout", "created", true],
    [["Workout.*"], "Workout", "deleted", true],
    [["Workout.*"], "Exercise", "deleted", false],
    [["*.deleted"], "Exercise", "deleted", true],
    [["*.deleted"], "Exercise", "updated", false],
    [["Exercise.created", "TrainingPlan.updated"], "TrainingPlan", "updated", true],
    [["*.*"], "MuscleGroup", "created", true],
  ] as const)("%j matches %s.%s: %s", (patterns, entity, event, expected) => {
    expect(matchesEventFilter(patterns, entity, event)).toBe(expected);
  });

  it.each(["Workout.created", "*.updated", "OnDemand.*", "Upload.updated", "*.*"])("accepts the pattern %s", (pattern) => expect(EVENT_PATTERN.test(pattern)).toBe(true));
  it.each(["workout.created", "Workout", "Workout.published", "Photo.created", "Workout.created.x", ""])("refuses the pattern %j", (pattern) =>
    expect(EVENT_PATTERN.test(pattern)).toBe(false),
  );
});
