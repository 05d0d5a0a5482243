/**
 * The benchmark catalogue (docs/benchmarks.md): an organization filled, through the data layer, with a
 * realistic catalogue in four languages. At scale 1: 100,000 exercises, 30,000 workouts with phases,
 * 3,000 training plans, 20,000 on-demand items, plus lookups, equipment, instructors and upload
 * records. The same for the same seed and scale (ids, texts, times and states alike).
 *
 * Records are not written one request at a time (that would take hours at scale 1): every input is
 * validated with the collection's input schema and turned into columns by the collection's own
 * `prepare` (phases normalised, derived exercise ids and plan totals, texts), and the derived columns
 * (`search_text`, `text_completeness`, the slug) are computed with the functions the write path uses;
 * then the rows are inserted in batches. References are correct by construction (ids of rows
 * inserted before), so the reference checks of the write path are skipped.
 */
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { COLLECTION_DEFINITIONS } from "@/lib/collections/definitions";
import { findCollectionEntry, type LookupKey } from "@/lib/collections/registry";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext, OrganizationSettings } from "@/lib/content/context";
import { slugify } from "@/lib/content/slug";
import { buildSearchText, computeCompleteness } from "@/lib/content/text";
import { tables, type Db } from "@/lib/db";
import type { LocalizedText } from "@/lib/db/schema";
import { createRandom, type Random } from "@/lib/demo/random";
import { createOrganization } from "@/lib/organizations/create-organization";
import { createUser } from "@/lib/users/create-user";
import { validateInput } from "@/lib/validation";
import {
  ADJECTIVES,
  CLASS_KINDS,
  DESCRIPTION_OPENERS,
  EQUIPMENT_WORDS,
  FOCUSES,
  FORMATS,
  INSTRUCTOR_FIRST,
  INSTRUCTOR_LAST,
  ITEM_NOTES,
  LANGUAGES,
  LOOKUP_NAMES,
  MODIFIERS,
  MOVEMENTS,
  PHASE_TITLES,
  PLAN_WORDS,
  STEP_CUES,
  TIMER_TITLES,
  type Language,
  type Word,
} from "./vocabulary";

export const BENCH_SEED = 13;
export const BENCH_ORGANIZATION = "bench";
/** Fixed credentials of the benchmark organization (a throwaway database; never a real one). */
export const BENCH_USERS = {
  admin: { email: "admin@bench.example", password: "bench-admin-password" },
  member: { email: "member@bench.example", password: "bench-member-password" },
} as const;

/** Records at scale 1 (docs/benchmarks.md). */
export const SCALE_1 = { exercises: 100_000, workouts: 30_000, trainingPlans: 3_000, onDemand: 20_000 } as const;

export type CatalogueCounts = Record<keyof typeof SCALE_1 | "lookups" | "equipment" | "instructors" | "uploads", number>;
export type CatalogueResult = { organizationId: string; counts: CatalogueCounts; milliseconds: number };
export type CatalogueOptions = { scale: number; seed?: number; organizationCode?: string; onProgress?: (message: string) => void };

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters for the widest table. */
const BATCH = 500;
/** The catalogue's "now": times are spread over the two years before it (fixed, so runs compare). */
const EPOCH = Date.parse("2025-06-01T00:00:00Z");
const DAY = 86_400_000;

type Texts = Partial<Record<Language, string>>;

export function countsAt(scale: number): Record<keyof typeof SCALE_1, number> {
  const at = (value: number) => Math.max(1, Math.round(value * scale));
  return { exercises: at(SCALE_1.exercises), workouts: at(SCALE_1.workouts), trainingPlans: at(SCALE_1.trainingPlans), onDemand: at(SCALE_1.onDemand) };
}

/** A version 4 UUID from the seeded generator. */
function uuidFrom(random: Random): string {
  const hex: string[] = [];
  for (let i = 0; i < 16; i++) hex.push(Math.floor(random.next() * 256).toString(16).padStart(2, "0"));
  hex[6] = `4${hex[6]!.slice(1)}`;
  hex[8] = ((parseInt(hex[8]!, 16) & 0x3f) | 0x80).toString(16).padStart(2, "0");
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/**
 * Which languages a record has texts in: always English (the default), German mostly, French and
 * Spanish less often, so translation status and per-language publishing vary as in a real catalogue.
 */
function languagesOf(random: Random): Language[] {
  return LANGUAGES.filter((language) => language === "en" || random.chance({ en: 1, de: 0.9, fr: 0.6, es: 0.5 }[language]));
}

/** A text in `languages`, each language's words joined (word order kept simple). */
function textOf(languages: readonly Language[], ...words: Word[]): LocalizedText {
  const out: Texts = {};
  for (const language of languages) out[language] = words.map((word) => word[language]).join(" ");
  const first = out.en ?? "";
  out.en = first.charAt(0).toUpperCase() + first.slice(1);
  return out as LocalizedText;
}

function sentenceOf(languages: readonly Language[], opener: Word, ...words: Word[]): LocalizedText {
  const out: Texts = {};
  for (const language of languages) out[language] = `${opener[language]} ${words.map((word) => word[language]).join(", ")}.`;
  return out as LocalizedText;
}

function timesOf(random: Random): { createdAt: Date; updatedAt: Date } {
  const created = EPOCH - Math.floor(random.next() * 730 * DAY);
  const updated = Math.min(EPOCH, created + Math.floor(random.next() * 90 * DAY));
  return { createdAt: new Date(created), updatedAt: new Date(updated) };
}

/** Per-language publication: most records published in the default language, many in their others. */
function publicationOf(random: Random, languages: readonly Language[], createdAt: Date) {
  const roll = random.next();
  if (roll < 0.1) return { status: { default: "draft" } as Record<string, string>, publishedAt: null };
  if (roll < 0.13) return { status: { default: "unpublished" } as Record<string, string>, publishedAt: new Date(createdAt.getTime() + DAY) };
  const status: Record<string, string> = { default: "published" };
  for (const language of languages) if (language !== "en") status[language] = random.chance(0.8) ? "published" : "draft";
  return { status, publishedAt: new Date(createdAt.getTime() + Math.floor(random.next() * 5 * DAY)) };
}

type Prepare = Pick<Collection, "prepare" | "inputSchema">;

/**
 * What each lookup of the registry (lib/collections/registry.ts) is filled with, in the order they are
 * written: its label in the progress lines and its words. A registered lookup missing here fails to compile.
 */
export const BENCH_LOOKUPS: { readonly [K in LookupKey]: { label: string; names: readonly Word[] } } = {
  "muscle-groups": { label: "muscle groups", names: LOOKUP_NAMES.muscleGroups },
  "body-parts": { label: "body parts", names: LOOKUP_NAMES.bodyParts },
  goals: { label: "goals", names: LOOKUP_NAMES.goals },
  categories: { label: "categories", names: LOOKUP_NAMES.categories },
  "activity-types": { label: "activity types", names: LOOKUP_NAMES.activityTypes },
  providers: { label: "providers", names: LOOKUP_NAMES.contentProviders },
  "equipment/brands": { label: "brands", names: LOOKUP_NAMES.equipmentBrands },
  "equipment/categories": { label: "equipment categories", names: LOOKUP_NAMES.equipmentCategories },
  packages: { label: "packages", names: LOOKUP_NAMES.contentPackages },
};

/** Unique slugs the way `resolveSlug` makes them (`base`, `base-2`, `base-3` …), without a query each. */
function slugMaker() {
  const used = new Map<string, number>();
  return (source: string) => {
    const base = slugify(source);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
}

export async function generateCatalogue(db: Db, options: CatalogueOptions): Promise<CatalogueResult> {
  const started = performance.now();
  const random = createRandom(options.seed ?? BENCH_SEED);
  const progress = options.onProgress ?? (() => undefined);
  const counts = countsAt(options.scale);
  const code = options.organizationCode ?? BENCH_ORGANIZATION;

  const organization = await createOrganization(db, { code, name: "Benchmark catalogue", languages: [...LANGUAGES], defaultLanguage: "en" });
  const settings: OrganizationSettings = {
    id: organization.id,
    code: organization.code,
    defaultLanguage: organization.defaultLanguage,
    languages: organization.languages,
    webhooksEnabled: false,
  };
  const author = await createUser(db, settings, { ...BENCH_USERS.admin, role: "admin" });
  await createUser(db, settings, { ...BENCH_USERS.member, role: "member" });
  const ctx: ContentContext = {
    db,
    caller: { kind: "user", role: "admin", scope: "platform", userId: author.id, organizationId: organization.id, languages: [], sessionId: "bench", tokenId: "bench" },
    organization: settings,
    view: { mode: "single", language: "en", defaultLanguage: "en" },
    writeLanguage: "en",
    seesOnlyPublished: false,
  };

  /** Validates, prepares and inserts records in batches; returns the inserted rows' ids (in order). */
  async function insertAll<I>(
    label: string,
    collection: Prepare,
    table: PgTable,
    total: number,
    make: (index: number) => { input: I; columns?: Record<string, unknown> },
  ): Promise<(string | number)[]> {
    const slugOf = slugMaker();
    const ids: (string | number)[] = [];
    for (let start = 0; start < total; start += BATCH) {
      const rows: Record<string, unknown>[] = [];
      for (let index = start; index < Math.min(total, start + BATCH); index++) {
        const { input, columns } = make(index);
        const prepared = await collection.prepare(validateInput(collection.inputSchema, input), undefined, ctx, "create");
        rows.push({
          ...prepared.values,
          organizationId: organization.id,
          searchText: buildSearchText(prepared.searchTexts),
          textCompleteness: computeCompleteness(prepared.texts),
          ...(prepared.slug ? { slug: slugOf(prepared.slug.source) } : {}),
          ...columns,
        });
      }
      const inserted = (await db.insert(table).values(rows as never).returning({ id: sql<string | number>`id` })) as { id: string | number }[];
      ids.push(...inserted.map((row) => row.id));
      if ((start / BATCH) % 20 === 19 || start + BATCH >= total) progress(`${label}: ${Math.min(total, start + BATCH)} of ${total}`);
    }
    return ids;
  }

  // --- Uploads: records with their metadata (the files themselves are not needed to list or get) ---
  const uploadRows = [
    ...Array.from({ length: 40 }, (_, i) => ({ name: `cover-${i + 1}.jpg`, mime: "image/jpeg", width: 1080, height: 1080 })),
    ...Array.from({ length: 20 }, (_, i) => ({ name: `loop-${i + 1}.gif`, mime: "image/gif", width: 240, height: 240, isAnimated: true })),
    ...Array.from({ length: 20 }, (_, i) => ({ name: `clip-${i + 1}.mp4`, mime: "video/mp4", width: 640, height: 360 })),
  ].map((row) => ({ ...row, id: uuidFrom(random), organizationId: organization.id, size: 100_000 + random.int(0, 900_000), md5: uuidFrom(random).replace(/-/g, "") }));
  await db.insert(tables.uploads).values(uploadRows);
  const images = uploadRows.filter((row) => row.mime === "image/jpeg").map((row) => row.id);
  const gifs = uploadRows.filter((row) => row.mime === "image/gif").map((row) => row.id);
  const videos = uploadRows.filter((row) => row.mime === "video/mp4").map((row) => row.id);

  // --- Lookups ---------------------------------------------------------------------------------------
  const all = [...LANGUAGES];
  const lookupIds = {} as Record<LookupKey, (string | number)[]>;
  for (const [key, { label, names }] of Object.entries(BENCH_LOOKUPS) as [LookupKey, (typeof BENCH_LOOKUPS)[LookupKey]][]) {
    const definition = COLLECTION_DEFINITIONS[key];
    const withDescription = findCollectionEntry(key)?.hasDescription === true;
    lookupIds[key] = await insertAll(label, definition, definition.table as unknown as PgTable, names.length, (index) => ({
      input: { name: textOf(all, names[index]!), slug: null, ...(withDescription ? { description: textOf(all, names[index]!) } : {}) },
    }));
  }
  const muscleIds = lookupIds["muscle-groups"] as number[];
  const bodyPartIds = lookupIds["body-parts"] as number[];
  const goalIds = lookupIds.goals as number[];
  const categoryIds = lookupIds.categories as number[];
  const providerIds = lookupIds.providers as number[];
  const brandIds = lookupIds["equipment/brands"] as number[];
  const equipmentCategoryIds = lookupIds["equipment/categories"] as number[];
  const packageIds = lookupIds.packages as string[];
  const categoryUuids = (await db.select({ id: tables.contentCategories.id, uuid: tables.contentCategories.uuid }).from(tables.contentCategories))
    .filter((row) => categoryIds.includes(row.id))
    .sort((a, b) => a.id - b.id)
    .map((row) => row.uuid);
  const lookupCount = Object.values<(string | number)[]>(lookupIds).reduce((sum, ids) => sum + ids.length, 0);

  // --- Equipment (one record per equipment word and brand line) and instructors --------------------------
  const equipmentSpecs = EQUIPMENT_WORDS.flatMap((word, index) => [0, 1, 2].map((variant) => ({ word, variant, index })));
  const equipmentIds = (await insertAll("equipment", COLLECTION_DEFINITIONS.equipment, tables.equipment, equipmentSpecs.length, (index) => {
    const spec = equipmentSpecs[index]!;
    const size = [{ en: "light", de: "leicht", fr: "léger", es: "ligero" }, { en: "standard", de: "Standard", fr: "standard", es: "estándar" }, { en: "heavy", de: "schwer", fr: "lourd", es: "pesado" }][spec.variant]!;
    return {
      input: {
        name: textOf(all, spec.word, size),
        slug: null,
        brand_id: brandIds[(spec.index + spec.variant) % brandIds.length]!,
        categories: [equipmentCategoryIds[spec.index % equipmentCategoryIds.length]!],
        description: textOf(all, size, spec.word),
        image: random.pick(images),
      },
    };
  })) as number[];
  const instructorNames = INSTRUCTOR_FIRST.flatMap((first, index) => [`${first} ${INSTRUCTOR_LAST[index % INSTRUCTOR_LAST.length]}`, `${first} ${INSTRUCTOR_LAST[(index + 3) % INSTRUCTOR_LAST.length]}`]);
  const instructorIds = (await insertAll("instructors", COLLECTION_DEFINITIONS.instructors, tables.instructors, instructorNames.length, (index) => ({
    input: { name: instructorNames[index]!, gender: index % 2 === 0 ? "female" : "male", photo: random.pick(images) },
    columns: { id: uuidFrom(random) },
  }))) as string[];

  // --- Exercises -------------------------------------------------------------------------------------
  const levels = ["beginner", "intermediate", "advanced"] as const;
  const exerciseIds = (await insertAll("exercises", COLLECTION_DEFINITIONS.exercises, tables.exercises, counts.exercises, () => {
    const languages = languagesOf(random);
    const equipmentIndex = random.int(0, EQUIPMENT_WORDS.length - 1);
    const movement = random.pick(MOVEMENTS);
    const name = textOf(languages, random.pick(MODIFIERS), EQUIPMENT_WORDS[equipmentIndex]!, movement);
    const steps = random.sample(STEP_CUES, random.int(2, 5)).map((cue) => textOf(languages, cue));
    return {
      input: {
        name,
        slug: null,
        summary: textOf(languages, movement, random.pick(FOCUSES)),
        level: random.pick(levels),
        gender: random.pick(["male", "female", "duo"] as const),
        orientation: random.pick([null, "left", "right", "alternating"] as const),
        muscle_groups: random.sample(muscleIds, random.int(1, 3)),
        equipment: [equipmentIds[equipmentIndex * 3 + random.int(0, 2)]!],
        types: random.sample(categoryIds, random.int(1, 2)),
        video: random.pick(videos),
        gif: random.pick(gifs),
        image: random.pick(images),
        steps,
      },
      columns: { id: uuidFrom(random), ...timesOf(random) },
    };
  })) as string[];

  // --- Workouts with phases ------------------------------------------------------------------------------
  const target = () => ({ type: "VALUE", metric: "repetitions", value: random.int(6, 15) });
  const weight = () => (random.chance(0.5) ? [{ type: "RANGE", metric: "weight", min: 8, max: 12 }] : []);
  const note = (languages: readonly Language[]) => (random.chance(0.3) ? textOf(languages, random.pick(ITEM_NOTES)) : undefined);
  /** Distinct exercises, picked without copying the whole id list (`sample` would, per call). */
  const someExercises = (min: number, max: number) => {
    const picked = new Set<string>();
    const wanted = Math.min(random.int(min, max), exerciseIds.length);
    while (picked.size < wanted) picked.add(random.pick(exerciseIds));
    return [...picked];
  };
  function trainingItem(languages: readonly Language[]) {
    const kind = random.pick(["SINGLE-EXERCISES", "SUPERSET", "CIRCUIT-TIME", "CIRCUIT-REPETITIONS", "AMRAP", "RFT", "EMOM"] as const);
    const rested = (id: string) => ({ notes: note(languages), rest: 15, exercise_id: id, goal_targets: [target()], resistance_targets: weight() });
    switch (kind) {
      case "SINGLE-EXERCISES":
        return {
          type: kind,
          notes: note(languages),
          se_exercises: someExercises(1, 3).map((id) => ({ exercise_id: id, notes: note(languages), sets: [1, 2, 3].map(() => ({ rest: 60, goal_targets: [target()], resistance_targets: weight() })) })),
        };
      case "SUPERSET":
        return { type: kind, ss_sets: 3, ss_rest: 60, ss_exercises: someExercises(2, 3).map((id) => ({ exercise_id: id, goal_targets: [target()], resistance_targets: weight() })) };
      case "CIRCUIT-TIME":
        return { type: kind, ct_rounds: [1, 2].map(() => ({ rest_rounds: 60, work: 40, rest: 20, exercises: someExercises(3, 5).map((id) => ({ exercise_id: id, rest: 0, resistance_targets: [] })) })) };
      case "CIRCUIT-REPETITIONS":
        return { type: kind, cr_rounds: [1, 2].map(() => ({ rest: 15, rest_round: 60, exercises: someExercises(3, 4).map(rested) })) };
      case "AMRAP":
        return { type: kind, notes: note(languages), amrap_duration: 600, amrap_exercises: someExercises(3, 5).map(rested) };
      case "RFT":
        return { type: kind, rft_rounds: random.int(3, 5), rft_exercises: someExercises(3, 5).map((id) => ({ exercise_id: id, goal_targets: [target()], resistance_targets: [] })) };
      case "EMOM":
        return { type: kind, emom_rest: 60, emom_minutes: someExercises(4, 8).map(rested) };
    }
  }
  const timer = (languages: readonly Language[], seconds: number) => ({ type: "TIMER", timer_title: textOf(languages, random.pick(TIMER_TITLES)), timer_duration: seconds });
  const durations = ["0-15", "16-30", "31-45", "46-60", "61+"] as const;
  const workoutIds = (await insertAll("workouts", COLLECTION_DEFINITIONS.workouts, tables.workouts, counts.workouts, () => {
    const languages = languagesOf(random);
    const focus = random.pick(FOCUSES);
    const format = random.pick(FORMATS);
    const times = timesOf(random);
    return {
      input: {
        title: textOf(languages, random.pick(ADJECTIVES), focus, format),
        slug: null,
        description: sentenceOf(languages, random.pick(DESCRIPTION_OPENERS), focus, random.pick(FOCUSES), format),
        image: random.pick(images),
        gender: random.pick(["male", "female", "non-binary"] as const),
        level: random.pick(levels),
        types: random.sample(categoryIds, random.int(1, 2)),
        goals: random.sample(goalIds, random.int(1, 2)),
        body_parts: random.sample(bodyPartIds, random.int(1, 2)),
        locations: random.sample(["home", "club", "outdoor"] as const, random.int(1, 2)),
        duration: random.pick(durations),
        estimated_duration: random.chance(0.7) ? random.int(10, 75) : null,
        template: random.chance(0.05),
        content_packages: random.sample(packageIds, random.int(0, 1)),
        phases: [
          { title: textOf(languages, PHASE_TITLES["warm-up"]), time: 300, items: [timer(languages, 300)] },
          { title: textOf(languages, PHASE_TITLES.training), time: 1200, items: Array.from({ length: random.int(1, 3) }, () => trainingItem(languages)) },
          { title: textOf(languages, PHASE_TITLES["cool-down"]), time: 300, items: [timer(languages, 300)] },
        ],
      },
      columns: { id: uuidFrom(random), ...times, ...publicationOf(random, languages, times.createdAt) },
    };
  })) as string[];

  // --- On-demand ---------------------------------------------------------------------------------------
  const onDemandIds = (await insertAll("on-demand", COLLECTION_DEFINITIONS["on-demand"], tables.onDemand, counts.onDemand, () => {
    const languages = languagesOf(random);
    const type = random.chance(0.7) ? "virtual-class" : "audio-workout";
    const focus = random.pick(FOCUSES);
    const times = timesOf(random);
    return {
      input: {
        type,
        title: textOf(languages, random.pick(ADJECTIVES), focus, random.pick(CLASS_KINDS)),
        description: sentenceOf(languages, random.pick(DESCRIPTION_OPENERS), focus, random.pick(FOCUSES)),
        slug: null,
        video: random.pick(videos),
        image: random.pick(images),
        instructor_id: random.pick(instructorIds),
        content_packages: random.sample(packageIds, random.int(0, 1)),
        duration: random.pick(durations),
        level: random.pick(levels),
        goals: random.sample(goalIds, random.int(1, 2)),
        equipment: random.sample(equipmentIds, random.int(0, 2)),
        categories: random.sample(categoryUuids, random.int(1, 2)),
        languages: languages.filter(() => random.chance(0.7)).concat(["en"]).filter((value, index, list) => list.indexOf(value) === index),
        content_provider: random.pick(providerIds),
      },
      columns: { id: uuidFrom(random), ...times, ...publicationOf(random, languages, times.createdAt) },
    };
  })) as string[];

  // --- Training plans --------------------------------------------------------------------------------------
  let activityNumber = 0;
  const planIds = await insertAll("training plans", COLLECTION_DEFINITIONS["training-plans"], tables.trainingPlans, counts.trainingPlans, () => {
    const languages = languagesOf(random);
    const weeks = random.int(2, 8);
    const focus = random.pick(FOCUSES);
    const times = timesOf(random);
    const activeDays = random.int(2, 5);
    return {
      input: {
        title: textOf(languages, { en: `${weeks}-week`, de: `${weeks}-Wochen`, fr: `${weeks} semaines`, es: `${weeks} semanas` }, focus, random.pick(PLAN_WORDS)),
        slug: null,
        description: sentenceOf(languages, random.pick(DESCRIPTION_OPENERS), focus, random.pick(FOCUSES)),
        image: random.pick(images),
        goals: random.sample(goalIds, random.int(1, 2)),
        types: random.sample(categoryIds, random.int(1, 2)),
        level: random.pick(levels),
        locations: random.sample(["home", "club", "outdoor"] as const, random.int(1, 2)),
        content_packages: random.sample(packageIds, random.int(0, 1)),
        weeks: Array.from({ length: weeks }, () => ({
          days: Array.from({ length: 7 }, (_, day) => ({
            activities:
              day >= activeDays
                ? []
                : [
                    random.chance(0.15)
                      ? {
                          type: "fitness-activities",
                          id: `fa_${(activityNumber++).toString(36)}`,
                          fields: { title: textOf(languages, random.pick(LOOKUP_NAMES.activityTypes)), distance: random.int(2, 10) * 1000, duration: random.int(15, 60) * 60 },
                        }
                      : random.chance(0.8)
                        ? { type: "workouts", id: random.pick(workoutIds) }
                        : { type: "on-demand", id: random.pick(onDemandIds) },
                  ],
          })),
        })),
      },
      columns: { id: uuidFrom(random), ...times, ...publicationOf(random, languages, times.createdAt) },
    };
  });

  progress("analyzing the tables");
  for (const table of ["exercises", "workouts", "training_plans", "on_demand", "equipment", "instructors", "uploads", "content_categories", "fitness_goals"]) {
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
  return {
    organizationId: organization.id,
    counts: {
      exercises: exerciseIds.length,
      workouts: workoutIds.length,
      trainingPlans: planIds.length,
      onDemand: onDemandIds.length,
      lookups: lookupCount,
      equipment: equipmentIds.length,
      instructors: instructorIds.length,
      uploads: uploadRows.length,
    },
    milliseconds: Math.round(performance.now() - started),
  };
}
