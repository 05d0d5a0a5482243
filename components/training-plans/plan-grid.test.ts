import { describe, expect, it } from "vitest";
import { weeksInputSchema } from "@/lib/training-plans/weeks";
import {
  activityTitle,
  addActivity,
  addWeek,
  dayLabel,
  duplicateWeek,
  findPlace,
  fitnessFormLanguages,
  fitnessTextInputsOf,
  fitnessTextsOf,
  gridFromApi,
  gridToApi,
  gridTotals,
  moveActivity,
  moveWeek,
  pasteDay,
  pasteWeek,
  removeActivity,
  removeWeek,
  type Grid,
  type GridActivity,
} from "./plan-grid";

const WORKOUT = "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f";
const CLASS = "8a6b4c2d-1e3f-4a5b-8c7d-9e0f1a2b3c4d";

const workout = (key: string): GridActivity => ({ key, type: "workouts", id: WORKOUT });
const onDemand = (key: string): GridActivity => ({ key, type: "on-demand", id: CLASS });
const run = (key: string, id?: string): GridActivity => ({
  key,
  type: "fitness-activities",
  ...(id ? { id } : {}),
  fields: { title: { en: "Easy run", de: "" }, description: { en: "", de: "" }, distance: 5000, duration: 1800 },
});

/** The grid as type letters per day, e.g. [["W", "", "O F", …]] — easy to compare. */
function shape(grid: Grid): string[][] {
  return grid.map((week) => week.days.map((day) => day.activities.map((activity) => activity.type[0]!.toUpperCase()).join(" ")));
}

function twoWeeks(): Grid {
  let grid = addWeek(addWeek([]));
  grid = addActivity(grid, { week: 0, day: 0 }, workout("a1"));
  grid = addActivity(grid, { week: 0, day: 2 }, onDemand("a2"));
  grid = addActivity(grid, { week: 0, day: 2 }, run("a3", "fa_stored1"));
  return grid;
}

describe("plan grid", () => {
  it("adds weeks of seven rest days and activities into days", () => {
    expect(shape(twoWeeks())).toEqual([
      ["W", "", "O F", "", "", "", ""],
      ["", "", "", "", "", "", ""],
    ]);
  });

  it("moves an activity to another day and week, or within its day, leaving the original grid alone", () => {
    const grid = twoWeeks();
    const moved = moveActivity(grid, { week: 0, day: 2, index: 1 }, { week: 1, day: 4 });
    expect(shape(moved)).toEqual([
      ["W", "", "O", "", "", "", ""],
      ["", "", "", "", "F", "", ""],
    ]);
    expect(shape(grid)[0]![2]).toBe("O F");
    expect(shape(moveActivity(grid, { week: 0, day: 2, index: 1 }, { week: 0, day: 2, index: 0 }))[0]![2]).toBe("F O");
    expect(shape(moveActivity(grid, { week: 0, day: 0, index: 0 }, { week: 0, day: 2, index: 1 }))[0]).toEqual(["", "", "O W F", "", "", "", ""]);
    expect(findPlace(moved, "a3")).toEqual({ week: 1, day: 4, index: 0 });
  });

  it("duplicates, pastes, reorders and removes weeks; copies drop the fitness activity's id", () => {
    const grid = twoWeeks();
    const duplicated = duplicateWeek(grid, 0);
    expect(shape(duplicated)).toEqual([shape(grid)[0], shape(grid)[0], shape(grid)[1]]);
    const copied = duplicated[1]!.days[2]!.activities[1]!;
    expect(copied).toMatchObject({ type: "fitness-activities", fields: { title: { en: "Easy run" } } });
    expect(copied).not.toHaveProperty("id");
    expect(copied.key).not.toBe("a3");
    expect(duplicated[1]!.key).not.toBe(duplicated[0]!.key);

    const pasted = pasteWeek(grid, grid[0]!, 1);
    expect(shape(pasted)).toEqual([shape(grid)[0], shape(grid)[0]]);
    expect(shape(moveWeek(grid, 0, 1))).toEqual([shape(grid)[1], shape(grid)[0]]);
    expect(shape(removeWeek(grid, 0))).toEqual([shape(grid)[1]]);
  });

  it("pastes a day's activities after the target day's and removes one activity", () => {
    const grid = pasteDay(twoWeeks(), twoWeeks()[0]!.days[2]!, { week: 0, day: 0 });
    expect(shape(grid)[0]).toEqual(["W O F", "", "O F", "", "", "", ""]);
    expect(shape(removeActivity(grid, { week: 0, day: 0, index: 1 }))[0]).toEqual(["W F", "", "O F", "", "", "", ""]);
  });

  it("counts the totals as the API does: days with an activity, rest weeks included", () => {
    expect(gridTotals([])).toEqual({ weeks_total: 0, days_total: 0, max_days_per_week: 0 });
    expect(gridTotals(twoWeeks())).toEqual({ weeks_total: 2, days_total: 2, max_days_per_week: 2 });
  });

  it("reads a plan's weeks (padding short weeks with rest days) and writes a body the API accepts", () => {
    const grid = gridFromApi(
      [
        {
          days: [
            { activities: [{ type: "workouts", id: WORKOUT }] },
            { activities: [{ type: "fitness-activities", id: "fa_k3x9q2m7", fields: { title: { default: "Easy run", en: "Easy run", de: "Lockerer Lauf" }, description: { default: "", en: "" }, distance: 3000, duration: null } }] },
          ],
        },
      ],
      ["en", "de"],
      "en",
    );
    expect(shape(grid)).toEqual([["W", "F", "", "", "", "", ""]]);
    const body = gridToApi(grid);
    expect(body[0]!.days[1]).toEqual({
      activities: [{ type: "fitness-activities", id: "fa_k3x9q2m7", fields: { title: { en: "Easy run", de: "Lockerer Lauf" }, distance: 3000, duration: null } }],
    });
    expect(body[0]!.days).toHaveLength(7);
    expect(weeksInputSchema.safeParse(body).success).toBe(true);
    // A fitness activity made in the editor has no id: the API gives it one.
    expect(gridToApi(addActivity(grid, { week: 0, day: 3 }, run("new")))[0]!.days[3]!.activities[0]).not.toHaveProperty("id");
  });

  it("writes a fitness activity's emptied languages as \"\", which removes them from the stored activity", () => {
    const emptied: GridActivity = { key: "a1", type: "fitness-activities", id: "fa_k3x9q2m7", fields: { title: { en: " Easy run ", de: "", fr: "Course" }, description: { en: "", de: " Locker ", fr: "" }, distance: null, duration: null } };
    const body = gridToApi(addActivity(addWeek([]), { week: 0, day: 0 }, emptied));
    expect(body[0]!.days[0]!.activities[0]).toEqual({
      type: "fitness-activities",
      id: "fa_k3x9q2m7",
      fields: { title: { en: "Easy run", de: "", fr: "Course" }, description: { en: "", de: "Locker", fr: "" }, distance: null, duration: null },
    });
    expect(weeksInputSchema.safeParse(body).success).toBe(true);
  });

  it("names days for people", () => {
    expect(dayLabel({ week: 0, day: 0 })).toBe("Week 1, Monday");
    expect(dayLabel({ week: 3, day: 6 })).toBe("Week 4, Sunday");
  });
});

describe("what the grid calls an activity", () => {
  const fitness = (title: Record<string, string>): GridActivity => ({ key: "a1", type: "fitness-activities", fields: { title, description: {}, distance: null, duration: null } });
  const german = { language: "de", defaultLanguage: "en" };

  it("names a fitness activity in the focused language, else in the default language", () => {
    expect(activityTitle(fitness({ en: "Easy run", de: "Lockerer Lauf" }), undefined, german)).toBe("Lockerer Lauf");
    expect(activityTitle(fitness({ en: "Easy run", de: "" }), undefined, german)).toBe("Easy run");
    expect(activityTitle(fitness({ en: "", de: "" }), undefined, german)).toBe("Untitled fitness activity");
  });

  it("names a workout by its preview, read in the focused language", () => {
    const workout: GridActivity = { key: "a2", type: "workouts", id: "w1" };
    expect(activityTitle(workout, { id: "w1", title: "Bergsprints", status: undefined }, german)).toBe("Bergsprints");
  });
});

describe("a fitness activity's texts in its form", () => {
  const stored = { title: { en: "Easy run", de: "Lockerer Lauf", fr: "" }, description: { en: "Conversational pace", de: "", fr: "" }, distance: 5000, duration: null };
  const languages = ["en", "de", "fr"];

  it("edits the focused language beside the default language's texts, read only as the source", () => {
    expect(fitnessFormLanguages(stored, { language: "de", defaultLanguage: "en" })).toEqual({ edited: ["de"], source: "en" });
    expect(fitnessFormLanguages(stored, { language: "en", defaultLanguage: "en" })).toEqual({ edited: ["en"] });
  });

  it("edits the default language's texts too while the activity has no title in it (a new one)", () => {
    expect(fitnessFormLanguages(undefined, { language: "de", defaultLanguage: "en" })).toEqual({ edited: ["en", "de"] });
    expect(fitnessFormLanguages({ ...stored, title: { en: " ", de: "Lauf" } }, { language: "de", defaultLanguage: "en" })).toEqual({ edited: ["en", "de"] });
    expect(fitnessFormLanguages(undefined, { language: "en", defaultLanguage: "en" })).toEqual({ edited: ["en"] });
  });

  it("holds every language's texts and gives them back trimmed, whatever language was in focus", () => {
    const inputs = fitnessTextInputsOf(stored, languages);
    expect(inputs).toEqual({ en: { title: "Easy run", description: "Conversational pace" }, de: { title: "Lockerer Lauf", description: "" }, fr: { title: "", description: "" } });
    const edited = { ...inputs, de: { title: " Ruhiger Lauf ", description: "Im Plauderton" } };
    expect(fitnessTextsOf(edited, languages)).toEqual({
      title: { en: "Easy run", de: "Ruhiger Lauf", fr: "" },
      description: { en: "Conversational pace", de: "Im Plauderton", fr: "" },
    });
    expect(fitnessTextInputsOf(undefined, ["en", "de"])).toEqual({ en: { title: "", description: "" }, de: { title: "", description: "" } });
  });
});
