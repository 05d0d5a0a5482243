/**
 * Fills an organization with the demo catalogue (README, `seed-demo`): lookups, equipment, instructors,
 * exercises, workouts using every item type, on-demand classes and audio workouts, training plans,
 * their files, and a mix of publication states.
 *
 * Everything is written through the same domain code the API uses (each collection's `create`,
 * `changeStatus`, `createUpload`), so it is validated, and slugs, search text, completeness, derived
 * exercise ids and plan totals are computed as for any editor's write. It runs in one transaction:
 * the organization gets the whole catalogue or nothing, and a second run finds content and does
 * nothing. The result is the same for the same seed (record ids and times aside).
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { tables, type Db, type Executor } from "@/lib/db";
import { COLLECTION_DEFINITIONS } from "@/lib/collections/definitions";
import type { Collection } from "@/lib/content/collection";
import { getOrganizationSettings, type ContentContext } from "@/lib/content/context";
import { ApiError } from "@/lib/core/errors";
import { findOrganizationByCode } from "@/lib/organizations/get-organization";
import { changeStatus } from "@/lib/publishing/status";
import { createUpload } from "@/lib/uploads/uploads";
import { validateInput } from "@/lib/validation";
import { composePlanWeeks, composeWorkout, hasText, localize, releaseSteps, type Languages } from "./compose";
import { EXERCISES, PATTERN_CUES, type ExerciseSpec } from "./exercises-data";
import {
  ACTIVITY_TYPES,
  BODY_PARTS,
  CATEGORIES,
  CATEGORY_PALETTE,
  COVER_LABELS,
  EQUIPMENT,
  EQUIPMENT_BRANDS,
  EQUIPMENT_CATEGORIES,
  GOALS,
  INSTRUCTORS,
  MUSCLE_GROUPS,
  PACKAGES,
  PROVIDERS,
  type Text,
} from "./lookups-data";
import { PALETTES, buildSilentMp3, buildSlideshowMp4, renderCover, renderExerciseLoop, renderPortrait, renderVideoSlide, type PaletteName } from "./media";
import { ON_DEMAND, PLANS, WORKOUTS, type Release } from "./programmes-data";
import { createRandom, DEMO_SEED, type Random } from "./random";

export type SeedCounts = {
  exercises: number;
  workouts: number;
  trainingPlans: number;
  onDemand: number;
  instructors: number;
  equipment: number;
  muscleGroups: number;
  bodyParts: number;
  goals: number;
  contentCategories: number;
  activityTypes: number;
  contentProviders: number;
  equipmentBrands: number;
  equipmentCategories: number;
  contentPackages: number;
  uploads: number;
};

export type SeedResult =
  | { status: "created"; organization: string; counts: SeedCounts; published: { workouts: number; trainingPlans: number; onDemand: number }; milliseconds: number; message: string }
  | { status: "skipped"; organization: string; message: string };

const COUNT_LABELS: [keyof SeedCounts, string][] = [
  ["exercises", "exercises"],
  ["workouts", "workouts"],
  ["trainingPlans", "training plans"],
  ["onDemand", "on-demand items"],
  ["instructors", "instructors"],
  ["equipment", "equipment"],
  ["muscleGroups", "muscle groups"],
  ["bodyParts", "body parts"],
  ["goals", "goals"],
  ["contentCategories", "content categories"],
  ["activityTypes", "activity types"],
  ["contentProviders", "content providers"],
  ["equipmentBrands", "equipment brands"],
  ["equipmentCategories", "equipment categories"],
  ["contentPackages", "content packages"],
  ["uploads", "uploads"],
];

/**
 * Seeds the organization `organizationCode` unless it already has content (any exercise, workout,
 * training plan, on-demand item, instructor or equipment of its own), in which case it does nothing
 * and says so. The demo content is authored by the organization's first admin (else editor).
 */
export async function seedDemoCatalogue(db: Db, organizationCode: string, options: { seed?: number } = {}): Promise<SeedResult> {
  const started = performance.now();
  const organization = await findOrganizationByCode(db, organizationCode);
  if (!organization) throw new ApiError("not_found", `no organization with code '${organizationCode}'`);

  const existing = await existingContent(db, organization.id);
  if (existing.length > 0) {
    return { status: "skipped", organization: organization.code, message: `organization '${organization.code}' already has content (${existing.join(", ")}); nothing seeded` };
  }
  const author = await findAuthor(db, organization.id);
  if (!author) {
    throw new ApiError("unprocessable", `organization '${organization.code}' has no admin or editor to author the demo content; create one first (create-user --role admin)`);
  }

  const settings = await getOrganizationSettings(db, organization.id);
  const languages: Languages = { languages: settings.languages, defaultLanguage: settings.defaultLanguage };
  const random = createRandom(options.seed ?? DEMO_SEED);
  // Rendering runs on sharp's threads while the lookups, which need no files, are written.
  const rendering = renderFiles(languages);
  rendering.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled

  const outcome = await db.transaction(async (tx) => {
    const ctx: ContentContext = {
      // The domain code takes a database; inside this transaction its own transactions become savepoints.
      db: tx as unknown as Db,
      caller: { kind: "user", role: "admin", scope: "platform", userId: author, organizationId: organization.id, languages: [], sessionId: "seed", tokenId: "seed" },
      organization: settings,
      view: { mode: "single", language: settings.defaultLanguage, defaultLanguage: settings.defaultLanguage },
      writeLanguage: settings.defaultLanguage,
      seesOnlyPublished: false,
    };
    return writeCatalogue(ctx, languages, random, rendering);
  });

  const milliseconds = Math.round(performance.now() - started);
  const counted = COUNT_LABELS.map(([key, label]) => `${outcome.counts[key]} ${label}`).join(", ");
  const published = `published: ${outcome.published.workouts} of ${outcome.counts.workouts} workouts, ${outcome.published.trainingPlans} of ${outcome.counts.trainingPlans} training plans, ${outcome.published.onDemand} of ${outcome.counts.onDemand} on-demand items`;
  return {
    status: "created",
    organization: organization.code,
    ...outcome,
    milliseconds,
    message: `seeded the demo catalogue of '${organization.code}' in ${(milliseconds / 1000).toFixed(1)} s: ${counted}; ${published}`,
  };
}

async function existingContent(db: Executor, organizationId: string): Promise<string[]> {
  const t = tables;
  const counts = await Promise.all([
    db.select({ value: count() }).from(t.exercises).where(eq(t.exercises.organizationId, organizationId)),
    db.select({ value: count() }).from(t.workouts).where(eq(t.workouts.organizationId, organizationId)),
    db.select({ value: count() }).from(t.trainingPlans).where(eq(t.trainingPlans.organizationId, organizationId)),
    db.select({ value: count() }).from(t.onDemand).where(eq(t.onDemand.organizationId, organizationId)),
    db.select({ value: count() }).from(t.instructors).where(eq(t.instructors.organizationId, organizationId)),
    db.select({ value: count() }).from(t.equipment).where(and(eq(t.equipment.organizationId, organizationId), eq(t.equipment.isNone, false))),
  ]);
  const labels = ["exercises", "workouts", "training plans", "on-demand items", "instructors", "equipment"];
  return counts.flatMap(([row], index) => ((row?.value ?? 0) > 0 ? [`${row!.value} ${labels[index]}`] : []));
}

async function findAuthor(db: Executor, organizationId: string): Promise<string | undefined> {
  const users = tables.users;
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.role, ["admin", "editor"])))
    .orderBy(asc(users.createdAt), asc(users.id));
  return (rows.find((row) => row.role === "admin") ?? rows[0])?.id;
}

// ---------------------------------------------------------------------------------------------------
// Files

type DemoFile = { name: string; bytes: Buffer };
type Files = Map<string, DemoFile>;

const inDefault = (text: Text, org: Languages) => (text as Record<string, string | undefined>)[org.defaultLanguage] ?? text.en;
const fileSlug = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/** Renders every file, a few at a time (sharp works on its own threads, beside the database work). */
async function renderFiles(org: Languages): Promise<Files> {
  const tasks: [string, () => Promise<DemoFile>][] = [];
  const add = (key: string, render: () => Promise<DemoFile>) => tasks.push([key, render]);
  const label = (text: Text) => inDefault(text, org);
  const paletteOf = (category: keyof typeof CATEGORY_PALETTE | undefined): PaletteName => (category ? CATEGORY_PALETTE[category] : "strength");

  for (const workout of WORKOUTS) {
    const kicker = `${label(CATEGORIES[workout.types[0]!])} · ${label(COVER_LABELS.levels[workout.level])}`;
    add(`workout:${workout.key}`, async () => ({
      name: `workout-${fileSlug(workout.key)}.jpg`,
      bytes: await renderCover({ title: label(workout.title), kicker, palette: PALETTES[paletteOf(workout.types[0])] }),
    }));
  }
  for (const plan of PLANS) {
    const kicker = `${label(COVER_LABELS.trainingPlan)} · ${plan.weeks} ${label(COVER_LABELS.weeks)}`;
    add(`plan:${plan.key}`, async () => ({
      name: `training-plan-${fileSlug(plan.key)}.jpg`,
      bytes: await renderCover({ title: label(plan.title), kicker, palette: PALETTES[paletteOf(plan.types[0])] }),
    }));
  }
  for (const item of ON_DEMAND) {
    const palette = PALETTES[paletteOf(item.categories[0])];
    const instructor = INSTRUCTORS.find((candidate) => candidate.key === item.instructor)!;
    add(`on-demand:${item.key}`, async () => ({
      name: `on-demand-${fileSlug(item.key)}.jpg`,
      bytes: await renderCover({ title: label(item.title), kicker: label(COVER_LABELS[item.type]), palette }),
    }));
    const byLine = `${label(COVER_LABELS.withInstructor)} ${instructor.name}`;
    if (item.type === "virtual-class") {
      add(`media:${item.key}`, async () => ({
        name: `${fileSlug(item.key)}.mp4`,
        bytes: await buildSlideshowMp4({
          slides: [await renderVideoSlide(label(item.title), byLine, palette), await renderVideoSlide(byLine, label(item.title), PALETTES[instructor.palette])],
          width: 256,
          height: 144,
          secondsPerSlide: 3,
        }),
      }));
    } else {
      add(`media:${item.key}`, async () => ({ name: `${fileSlug(item.key)}.mp3`, bytes: buildSilentMp3(12, { title: label(item.title), artist: instructor.name }) }));
    }
  }
  for (const exercise of EXERCISES) {
    add(`exercise:${exercise.key}`, async () => ({
      name: `exercise-${fileSlug(exercise.key)}.jpg`,
      bytes: await renderCover({ title: label(exercise.name), kicker: `${label(COVER_LABELS.exercise)} · ${label(CATEGORIES[exercise.types[0]!])}`, palette: PALETTES[paletteOf(exercise.types[0])], size: 720 }),
    }));
  }
  // Exercise loops and demonstration videos are shared: one per palette, and two videos.
  const loopPalettes = [...new Set(EXERCISES.map((exercise) => paletteOf(exercise.types[0])))];
  for (const [index, palette] of loopPalettes.entries()) {
    // One of them as an animated WebP, so the demo shows both animated formats.
    const format = index === loopPalettes.length - 1 ? "webp" : "gif";
    add(`loop:${palette}`, async () => ({ name: `loop-${palette}.${format}`, bytes: await renderExerciseLoop(PALETTES[palette], format) }));
  }
  for (const variant of [0, 1]) {
    const palette = PALETTES[variant === 0 ? "strength" : "mobility"];
    add(`exercise-video:${variant}`, async () => ({
      name: `exercise-demo-${variant + 1}.mp4`,
      bytes: await buildSlideshowMp4({
        slides: [await renderVideoSlide(label(COVER_LABELS.exercise), "1 / 2", palette), await renderVideoSlide(label(COVER_LABELS.exercise), "2 / 2", palette)],
        width: 256,
        height: 144,
        secondsPerSlide: 2,
      }),
    }));
  }
  for (const [key, spec] of Object.entries(EQUIPMENT)) {
    add(`equipment:${key}`, async () => ({
      name: `equipment-${fileSlug(key)}.jpg`,
      bytes: await renderCover({ title: label(spec.name), kicker: `${label(COVER_LABELS.equipment)} · ${spec.brand}`, palette: PALETTES.equipment, size: 600 }),
    }));
  }
  for (const instructor of INSTRUCTORS) {
    add(`instructor:${instructor.key}`, async () => ({ name: `${fileSlug(instructor.key)}.jpg`, bytes: await renderPortrait(instructor.name, PALETTES[instructor.palette]) }));
  }
  const files: Files = new Map();
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const [key, render] = tasks[next++]!;
      files.set(key, await render());
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return files;
}

async function storeFile(ctx: ContentContext, file: DemoFile | undefined): Promise<string> {
  if (!file) throw new Error("demo data: a file was not rendered");
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  // The upload endpoint's own function: sniffs the type, measures images, sets the default crops.
  const record = await createUpload(ctx.db, ctx.organization.id, new Request("http://demo.invalid/api/v3/uploads", { method: "POST", body: form }));
  return record.id;
}

// ---------------------------------------------------------------------------------------------------
// Records

type Creatable<I> = { inputSchema: z.ZodType<I>; create: (ctx: ContentContext, input: I) => Promise<{ body: unknown; id: string | number }> };

/** Validates `body` as the API does for a POST, then creates the record through the collection. */
async function createRecord<I>(ctx: ContentContext, collection: Creatable<I>, body: unknown): Promise<{ id: string | number; body: unknown }> {
  return collection.create(ctx, validateInput(collection.inputSchema, body));
}

type LookupEntry = Text | { name: Text; description: Text };

async function createLookup<K extends string, I>(ctx: ContentContext, collection: Creatable<I>, entries: Record<K, LookupEntry>, org: Languages) {
  const ids = new Map<K, { id: number | string; uuid?: string }>();
  for (const [key, value] of Object.entries(entries) as [K, LookupEntry][]) {
    const body = "description" in value && typeof value.description === "object" ? { name: localize(value.name, org), description: localize(value.description, org) } : { name: localize(value as Text, org) };
    const created = await createRecord(ctx, collection, body);
    ids.set(key, { id: created.id, uuid: (created.body as { uuid?: string }).uuid });
  }
  return ids;
}

const CONJUNCTIONS: Record<keyof Text, string> = { en: "and", de: "und", fr: "et", es: "y" };

/** "a, b and c" in the language. */
function listOf(words: string[], language: keyof Text): string {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} ${CONJUNCTIONS[language]} ${words.at(-1)}`;
}

function word(text: Text, language: keyof Text, lower: boolean): string {
  const value = text[language] ?? text.en;
  return lower ? value.toLowerCase() : value;
}

function idsOf<K>(map: Map<K, { id: number | string }>, keys: readonly K[]): (number | string)[] {
  return keys.map((key) => {
    const entry = map.get(key);
    if (!entry) throw new Error(`demo data: unknown key '${String(key)}'`);
    return entry.id;
  });
}

async function release(ctx: ContentContext, collection: Collection, id: string, how: Release, org: Languages, isComplete: (language: string) => boolean): Promise<boolean> {
  const steps = releaseSteps(how, org, isComplete);
  for (const step of steps) await changeStatus(ctx, collection, id, step, null);
  return steps.length > 0 && how !== "unpublished";
}

async function writeCatalogue(ctx: ContentContext, org: Languages, random: Random, rendering: Promise<Files>) {
  const muscles = await createLookup(ctx, COLLECTION_DEFINITIONS["muscle-groups"], MUSCLE_GROUPS, org);
  const parts = await createLookup(ctx, COLLECTION_DEFINITIONS["body-parts"], BODY_PARTS, org);
  const goals = await createLookup(ctx, COLLECTION_DEFINITIONS.goals, GOALS, org);
  const categories = await createLookup(ctx, COLLECTION_DEFINITIONS.categories, CATEGORIES, org);
  const activities = await createLookup(ctx, COLLECTION_DEFINITIONS["activity-types"], ACTIVITY_TYPES, org);
  const providers = await createLookup(ctx, COLLECTION_DEFINITIONS.providers, PROVIDERS, org);
  const brandNames = Object.fromEntries(EQUIPMENT_BRANDS.map((brand) => [brand, { en: brand, de: brand }])) as Record<(typeof EQUIPMENT_BRANDS)[number], Text>;
  const brands = await createLookup(ctx, COLLECTION_DEFINITIONS["equipment/brands"], brandNames, org);
  const equipmentCategoryIds = await createLookup(ctx, COLLECTION_DEFINITIONS["equipment/categories"], EQUIPMENT_CATEGORIES, org);
  const packages = await createLookup(ctx, COLLECTION_DEFINITIONS.packages, PACKAGES, org);

  const files = await rendering;
  const uploads = new Map<string, string>();
  for (const [key, file] of files) uploads.set(key, await storeFile(ctx, file));
  const upload = (key: string) => {
    const id = uploads.get(key);
    if (!id) throw new Error(`demo data: no upload '${key}'`);
    return id;
  };

  const equipment = new Map<string, { id: number | string }>();
  const [noEquipment] = await ctx.db
    .select({ id: tables.equipment.id })
    .from(tables.equipment)
    .where(and(eq(tables.equipment.organizationId, ctx.organization.id), eq(tables.equipment.isNone, true)))
    .limit(1);
  for (const [key, spec] of Object.entries(EQUIPMENT)) {
    const created = await createRecord(ctx, COLLECTION_DEFINITIONS.equipment, {
      name: localize(spec.name, org),
      slug: null,
      brand_id: brands.get(spec.brand)!.id,
      categories: idsOf(equipmentCategoryIds, spec.categories),
      description: localize(spec.description, org),
      image: upload(`equipment:${key}`),
    });
    equipment.set(key, { id: created.id });
  }
  const equipmentIds = (keys: readonly string[]) => (keys.length === 0 ? (noEquipment ? [noEquipment.id] : []) : idsOf(equipment, keys));

  const instructors = new Map<string, string>();
  for (const instructor of INSTRUCTORS) {
    const created = await createRecord(ctx, COLLECTION_DEFINITIONS.instructors, { name: instructor.name, gender: instructor.gender, photo: upload(`instructor:${instructor.key}`) });
    instructors.set(instructor.key, String(created.id));
  }

  const exercises = new Map<string, { id: string; spec: ExerciseSpec }>();
  const loopPalettes = new Set<string>([...files.keys()].filter((key) => key.startsWith("loop:")).map((key) => key.slice(5)));
  for (const [index, spec] of EXERCISES.entries()) {
    const palette = CATEGORY_PALETTE[spec.types[0]!];
    const muscleNames = (language: keyof Text, lower: boolean) => listOf(spec.muscles.map((key) => word(MUSCLE_GROUPS[key], language, lower)), language);
    const summary: Text = {
      en: `Works the ${muscleNames("en", true)}`,
      de: `Trainiert ${muscleNames("de", false)}`,
      fr: `Travaille : ${muscleNames("fr", true)}`,
      es: `Trabaja: ${muscleNames("es", true)}`,
    };
    const created = await createRecord(ctx, COLLECTION_DEFINITIONS.exercises, {
      name: localize(spec.name, org),
      slug: null,
      summary: localize(summary, org),
      level: spec.level,
      gender: spec.gender,
      orientation: spec.orientation ?? null,
      muscle_groups: idsOf(muscles, spec.muscles),
      equipment: equipmentIds(spec.equipment),
      types: idsOf(categories, spec.types),
      video: upload(`exercise-video:${index % 2}`),
      gif: upload(`loop:${loopPalettes.has(palette) ? palette : [...loopPalettes][0]}`),
      image: upload(`exercise:${spec.key}`),
      steps: [spec.setup, ...PATTERN_CUES[spec.pattern]].map((step) => localize(step, org)),
    });
    exercises.set(spec.key, { id: String(created.id), spec });
  }

  const workouts = new Map<string, string>();
  let publishedWorkouts = 0;
  for (const spec of WORKOUTS) {
    const composed = composeWorkout(spec, { org, random, exercises });
    const created = await createRecord(ctx, COLLECTION_DEFINITIONS.workouts, {
      title: localize(spec.title, org),
      slug: null,
      description: localize(spec.description, org),
      image: upload(`workout:${spec.key}`),
      gender: spec.gender,
      level: spec.level,
      types: idsOf(categories, spec.types),
      goals: idsOf(goals, spec.goals),
      body_parts: idsOf(parts, spec.bodyParts),
      locations: spec.locations,
      duration: composed.duration,
      estimated_duration: composed.estimatedMinutes,
      template: spec.template ?? false,
      content_packages: idsOf(packages, spec.packages),
      phases: composed.phases,
    });
    workouts.set(spec.key, String(created.id));
    const isComplete = (language: string) => hasText(spec.title, language) && hasText(spec.description, language);
    if (await release(ctx, COLLECTION_DEFINITIONS.workouts, String(created.id), spec.release, org, isComplete)) publishedWorkouts++;
  }

  const onDemandItems = new Map<string, string>();
  let publishedOnDemand = 0;
  for (const spec of ON_DEMAND) {
    const created = await createRecord(ctx, COLLECTION_DEFINITIONS["on-demand"], {
      type: spec.type,
      title: localize(spec.title, org),
      description: localize(spec.description, org),
      slug: null,
      video: upload(`media:${spec.key}`),
      image: upload(`on-demand:${spec.key}`),
      instructor_id: instructors.get(spec.instructor)!,
      content_packages: idsOf(packages, spec.packages),
      duration: spec.duration,
      level: spec.level,
      goals: idsOf(goals, spec.goals),
      equipment: equipmentIds(spec.equipment),
      categories: spec.categories.map((key) => categories.get(key)!.uuid!),
      languages: spec.languages,
      content_provider: providers.get(spec.provider)!.id,
    });
    onDemandItems.set(spec.key, String(created.id));
    const isComplete = (language: string) => hasText(spec.title, language) && hasText(spec.description, language);
    if (await release(ctx, COLLECTION_DEFINITIONS["on-demand"], String(created.id), spec.release, org, isComplete)) publishedOnDemand++;
  }

  let publishedPlans = 0;
  for (const spec of PLANS) {
    const created = await createRecord(ctx, COLLECTION_DEFINITIONS["training-plans"], {
      title: localize(spec.title, org),
      slug: null,
      description: localize(spec.description, org),
      image: upload(`plan:${spec.key}`),
      goals: idsOf(goals, spec.goals),
      types: idsOf(categories, spec.types),
      level: spec.level,
      locations: spec.locations,
      content_packages: idsOf(packages, spec.packages),
      weeks: composePlanWeeks(spec, { org, workouts, onDemand: onDemandItems }),
    });
    const isComplete = (language: string) => hasText(spec.title, language) && hasText(spec.description, language);
    if (await release(ctx, COLLECTION_DEFINITIONS["training-plans"], String(created.id), spec.release, org, isComplete)) publishedPlans++;
  }

  const counts: SeedCounts = {
    exercises: exercises.size,
    workouts: workouts.size,
    trainingPlans: PLANS.length,
    onDemand: onDemandItems.size,
    instructors: instructors.size,
    equipment: equipment.size,
    muscleGroups: muscles.size,
    bodyParts: parts.size,
    goals: goals.size,
    contentCategories: categories.size,
    activityTypes: activities.size,
    contentProviders: providers.size,
    equipmentBrands: brands.size,
    equipmentCategories: equipmentCategoryIds.size,
    contentPackages: packages.size,
    uploads: uploads.size,
  };
  return { counts, published: { workouts: publishedWorkouts, trainingPlans: publishedPlans, onDemand: publishedOnDemand } };
}
