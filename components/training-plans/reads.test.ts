import { describe, expect, it } from "vitest";
import { activityPreviewsRead, referencedIdsOf } from "./reads";

const activity = (type: string, id?: string) => ({ type, ...(id ? { id } : {}) });

describe("the plan grid's previews, as the editor and its first paint read them", () => {
  it("finds a kind's references in the stored weeks, the first seven days of each", () => {
    const days = [{ activities: [activity("workouts", "w1"), activity("on-demand", "o1"), activity("fitness-activities", "fa_1")] }, ...Array.from({ length: 6 }, () => ({ activities: [activity("workouts", "w2")] })), { activities: [activity("workouts", "w9")] }];
    const weeks = [{ days }, { days: [{ activities: [activity("workouts", "w1")] }] }];
    expect(referencedIdsOf(weeks, "workouts")).toEqual(["w1", "w2", "w2", "w2", "w2", "w2", "w2", "w1"]);
    expect(referencedIdsOf(weeks, "on-demand")).toEqual(["o1"]);
    expect(referencedIdsOf(undefined, "workouts")).toEqual([]);
  });

  it("reads each distinct id once, 250 to a request, in the language asked for", () => {
    const ids = Array.from({ length: 260 }, (_, index) => `w${String(index).padStart(3, "0")}`);
    const read = activityPreviewsRead("workouts", [...ids, ...ids].reverse(), "de");
    expect(read.key).toEqual(["content", "workouts", "by-ids", "de", ids.join(",")]);
    expect(read.language).toBe("de");
    expect(read.paths).toHaveLength(2);
    expect(new URLSearchParams(read.paths[1]!.split("?")[1]).get("filter[where][id][in]")).toBe(ids.slice(250).join(","));
    expect(activityPreviewsRead("on-demand", [], "en").paths).toEqual([]);
  });
});
