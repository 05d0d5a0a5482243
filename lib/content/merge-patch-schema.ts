import { z } from "zod";

/**
 * The body of a collection's `PATCH`, a JSON merge patch (RFC 7396), derived from its input schema so
 * the two cannot drift (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"): every member of the input, all optional, and in the
 * document no other members (`additionalProperties: false`), so generated clients catch a misspelt
 * one. The server ignores other members, as in every body (the read-only members of a record read
 * back). The document allows `null` where it deletes (members the input may leave out: the stored
 * value is removed, or a text loses every language). A `null` for a required member is let through to
 * the merge, which leaves the member missing: the merged record's validation then answers 400 "is
 * required", as for any missing required member (docs/api.md "Errors"); the document does not offer it.
 */
export function mergePatchSchemaOf(input: z.ZodType, meta: { id: string; description: string }): z.ZodType {
  const object = objectOf(input);
  const shape: Record<string, z.ZodType> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
    if (!field.safeParse(undefined).success) required.push(key);
    const description = wrapperDescriptionOf(field);
    const value = withoutWrappers(field).nullable();
    shape[key] = (description ? value.meta({ description }) : value).optional();
  }
  return z.object(shape).meta({
    ...meta,
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      jsonSchema.additionalProperties = false;
      documentWithoutNull(jsonSchema, required);
    },
  });
}

/** Renders the required members without their `null`. */
function documentWithoutNull(jsonSchema: Record<string, unknown>, members: string[]): void {
  const properties = jsonSchema.properties as Record<string, Record<string, unknown>> | undefined;
  if (!properties) return;
  const isNull = (schema: unknown) => typeof schema === "object" && schema !== null && (schema as { type?: unknown }).type === "null";
  for (const member of members) {
    const rendered = properties[member];
    if (!rendered) continue;
    // Branches are kept as the very objects zod rendered: it may complete them after this runs.
    const { anyOf, ...rest } = rendered as { anyOf?: unknown[] } & Record<string, unknown>;
    if (Array.isArray(anyOf)) {
      const branches = anyOf.filter((branch) => !isNull(branch));
      const single = branches.length === 1 ? (branches[0] as Record<string, unknown>) : undefined;
      properties[member] = single && Object.keys(rest).length === 0 ? single : single ? { ...rest, allOf: [single] } : { ...rest, anyOf: branches };
    } else if (Array.isArray(rest.type)) {
      const types = (rest.type as unknown[]).filter((type) => type !== "null");
      properties[member] = { ...rest, type: types.length === 1 ? types[0] : types };
    }
  }
}

function objectOf(schema: z.ZodType): z.ZodObject {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in as z.ZodType);
  throw new Error("a merge patch schema needs an object input schema");
}

/** The member's schema without what makes it optional or nullable (the patch decides those). */
function withoutWrappers(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return withoutWrappers(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodDefault) return withoutWrappers(schema.removeDefault() as z.ZodType);
  return schema;
}

/** A description given to an optional, nullable or default wrapper of the member, which `withoutWrappers` drops. */
function wrapperDescriptionOf(schema: z.ZodType): string | undefined {
  const isWrapper = schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault;
  if (!isWrapper) return undefined;
  const own = z.globalRegistry.get(schema)?.description;
  if (own) return own;
  return wrapperDescriptionOf(schema instanceof z.ZodDefault ? (schema.removeDefault() as z.ZodType) : (schema.unwrap() as z.ZodType));
}
