import { describe, expect, it } from "vitest";
import { ALL_TASKS } from "@/lib/jobs/tasks";
import { pruneChangesTask } from "./tasks";

describe("pruning the change feed", () => {
  it("is a recurring job every runner knows, once an hour", () => {
    expect(ALL_TASKS).toContain(pruneChangesTask);
    expect(pruneChangesTask).toMatchObject({ name: "changes.prune", schedule: "41 * * * *", concurrency: 1 });
  });
});
