/**
 * The collections the admin lists, by the segment of their admin address. Isomorphic on purpose: the
 * collection definitions under lib/<domain> import the database, so the pages take their filter specs
 * on the server and hand this client side only plain data.
 */
export type AdminCollectionKind = "lookup" | "content" | "publishable";

export type AdminCollection = {
  /** The segment in /admin/content/<slug>. */
  slug: string;
  /** The path under /api/v3/content. */
  apiPath: string;
  /** Plural label for headings and navigation. */
  label: string;
  /** Singular label for buttons and messages. */
  singular: string;
  group: "Lookups" | "Equipment" | "Content";
  kind: AdminCollectionKind;
  titleField: "name" | "title";
  /** Packages carry a description beside the name. */
  hasDescription?: boolean;
  /** Has an editor in app/admin/(app)/content/[collection]/record-editors.tsx (the list links to it). */
  editable: boolean;
  /** Keeps a version per write (docs/decisions/0027): the editor shows the history beside the form. */
  versioned?: boolean;
  /** Rows the API refuses to delete: the preview field that is `true` on them, and why (shown instead of Delete). */
  undeletable?: { field: string; reason: string };
};

export const ADMIN_COLLECTIONS: readonly AdminCollection[] = [
  { slug: "exercises", apiPath: "exercises", label: "Exercises", singular: "exercise", group: "Content", kind: "content", titleField: "name", editable: true, versioned: true },
  { slug: "workouts", apiPath: "workouts", label: "Workouts", singular: "workout", group: "Content", kind: "publishable", titleField: "title", editable: true, versioned: true },
  { slug: "training-plans", apiPath: "training-plans", label: "Training plans", singular: "training plan", group: "Content", kind: "publishable", titleField: "title", editable: true, versioned: true },
  { slug: "on-demand", apiPath: "on-demand", label: "On-demand", singular: "on-demand item", group: "Content", kind: "publishable", titleField: "title", editable: true, versioned: true },
  { slug: "instructors", apiPath: "instructors", label: "Instructors", singular: "instructor", group: "Content", kind: "content", titleField: "name", editable: true, versioned: true },
  {
    slug: "equipment",
    apiPath: "equipment",
    label: "Equipment",
    singular: "equipment",
    group: "Equipment",
    kind: "content",
    titleField: "name",
    editable: true,
    undeletable: { field: "no_equipment", reason: "Cannot be deleted: exercises that need no equipment point to it." },
  },
  { slug: "equipment-brands", apiPath: "equipment/brands", label: "Equipment brands", singular: "equipment brand", group: "Equipment", kind: "lookup", titleField: "name", editable: true },
  { slug: "equipment-categories", apiPath: "equipment/categories", label: "Equipment categories", singular: "equipment category", group: "Equipment", kind: "lookup", titleField: "name", editable: true },
  { slug: "muscle-groups", apiPath: "muscle-groups", label: "Muscle groups", singular: "muscle group", group: "Lookups", kind: "lookup", titleField: "name", editable: true },
  { slug: "body-parts", apiPath: "body-parts", label: "Body parts", singular: "body part", group: "Lookups", kind: "lookup", titleField: "name", editable: true },
  { slug: "goals", apiPath: "goals", label: "Fitness goals", singular: "fitness goal", group: "Lookups", kind: "lookup", titleField: "name", editable: true },
  { slug: "activity-types", apiPath: "activity-types", label: "Activity types", singular: "activity type", group: "Lookups", kind: "lookup", titleField: "name", editable: true },
  { slug: "providers", apiPath: "providers", label: "Content providers", singular: "content provider", group: "Lookups", kind: "lookup", titleField: "name", editable: true },
  { slug: "categories", apiPath: "categories", label: "Content categories", singular: "content category", group: "Lookups", kind: "lookup", titleField: "name", editable: true },
  { slug: "packages", apiPath: "packages", label: "Content packages", singular: "content package", group: "Lookups", kind: "lookup", titleField: "name", editable: true, hasDescription: true },
];

export function findAdminCollection(slug: string): AdminCollection | undefined {
  return ADMIN_COLLECTIONS.find((collection) => collection.slug === slug);
}
