import "server-only";
import { COLLECTION_DEFINITIONS } from "@/lib/collections/definitions";
import { COLLECTIONS } from "@/lib/collections/registry";
import type { FilterSpec } from "@/lib/filter/types";

// The filter allowlists live with the collections, which import the database; the pages read them on
// the server and pass them to the client as plain data, so the filter bar builds exactly what the API parses.
const SPECS: ReadonlyMap<string, FilterSpec> = new Map(COLLECTIONS.map((entry) => [entry.slug, COLLECTION_DEFINITIONS[entry.key].filter.spec]));

export function getCollectionFilterSpec(slug: string): FilterSpec | undefined {
  const spec = SPECS.get(slug);
  // A structured clone keeps only plain data (no functions) for the client component's props.
  return spec ? (JSON.parse(JSON.stringify(spec)) as FilterSpec) : undefined;
}
