/**
 * The collections the admin lists, by the segment of their admin address: the registry's
 * (lib/collections/registry.ts), grouped for the navigation. Isomorphic on purpose: the collection
 * definitions under lib/<domain> import the database, so the pages take their filter specs on the
 * server and hand this client side only plain data.
 */
import { COLLECTIONS, type CollectionEntry, type CollectionKind } from "@/lib/collections/registry";

export type AdminCollectionKind = CollectionKind;

export type AdminCollection = {
  /** The segment in /admin/content/<slug>. */
  slug: string;
  /** The path under /api/v3/content. */
  apiPath: string;
  /** Plural label for headings and navigation. */
  label: string;
  /** Singular label for buttons and messages. */
  singular: string;
  group: CollectionEntry["group"];
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

const GROUPS: readonly CollectionEntry["group"][] = ["Content", "Equipment", "Lookups"];

function adminCollectionOf(entry: CollectionEntry): AdminCollection {
  return {
    slug: entry.slug,
    apiPath: entry.key,
    label: entry.label,
    singular: entry.singular,
    group: entry.group,
    kind: entry.kind,
    titleField: entry.titleField,
    ...(entry.hasDescription ? { hasDescription: true } : {}),
    // Every registered collection has an editor: record-editors.tsx maps each slug (checked by the compiler).
    editable: true,
    ...(entry.versioned ? { versioned: true } : {}),
    ...(entry.undeletable ? { undeletable: entry.undeletable } : {}),
  };
}

/** Group by group, the registry's order within each. */
export const ADMIN_COLLECTIONS: readonly AdminCollection[] = GROUPS.flatMap((group) =>
  (COLLECTIONS as readonly CollectionEntry[]).filter((entry) => entry.group === group).map(adminCollectionOf),
);

export function findAdminCollection(slug: string): AdminCollection | undefined {
  return ADMIN_COLLECTIONS.find((collection) => collection.slug === slug);
}
