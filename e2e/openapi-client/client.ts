/**
 * A small client as an API consumer would write it: openapi-fetch over the types openapi-typescript
 * generates from this API's OpenAPI document (`npm run openapi:client` generates them into
 * test-results/openapi/ and compiles this file with `tsc --strict`). It is compiled, not run: what it
 * proves is that the document types real calls, and that the `@ts-expect-error` probes at the end stay
 * errors (ADR 22).
 */
import createClient from "openapi-fetch";
import type { components, paths } from "../../test-results/openapi/schema";

type Workout = components["schemas"]["Workout"];
type ExercisePatch = components["schemas"]["ExercisePatch"];

export function connect(baseUrl: string, accessToken?: string) {
  return createClient<paths>({ baseUrl, headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {} });
}

type Client = ReturnType<typeof connect>;

/** Logs in with the second described shape and returns the access token. */
export async function logIn(client: Client, email: string, password: string, code: string): Promise<string> {
  const { data, error } = await client.POST("/auth/login", { body: { email, password, code, scope: "platform" } });
  if (!data) throw new Error(`login failed: ${error?.message ?? "no answer"}`);
  return data.access_token;
}

/** The first page of beginner workouts published in German. */
export async function beginnerWorkouts(client: Client): Promise<string[]> {
  const { data } = await client.GET("/content/workouts", {
    params: { query: { "filter[limit]": 10, "filter[where][level][eq]": "beginner", "filter[where][status][in]": "de:published" } },
  });
  return (data?.data ?? []).map((workout) => workout.id);
}

/** One workout in German and French: the texts typed "string or MultiLangString" come back as objects. */
export async function readWorkout(client: Client, id: string): Promise<Workout | undefined> {
  const { data } = await client.GET("/content/workouts/{id}", { params: { path: { id }, query: { lang: "de,fr" } } });
  return data && "phases" in data ? (data as Workout) : undefined;
}

/** Renames an exercise in German with a merge patch, guarded by the ETag read before. */
export async function renameExercise(client: Client, id: string, etag: string, name: string) {
  const patch: ExercisePatch = { name: { de: name }, summary: null };
  const { data, response } = await client.PATCH("/content/exercises/{id}", { params: { path: { id }, header: { "if-match": etag } }, body: patch });
  return { record: data, etag: response.headers.get("ETag") };
}

/** Publishes a workout in German. */
export async function publishGerman(client: Client, id: string) {
  const { data } = await client.PATCH("/content/workouts/{id}/status", { params: { path: { id } }, body: { de: "published" } });
  return data?.status;
}

/** Uploads a file: the multipart file part takes a Blob (or a File). */
export async function uploadImage(client: Client, file: Blob, name: string) {
  const { data } = await client.POST("/uploads", {
    body: { file, name },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append("file", body.file as Blob, name);
      if (body.name) form.append("name", body.name);
      return form;
    },
  });
  return data?.id;
}

/** Calls that must not compile: each `@ts-expect-error` fails the build once the error is gone. */
export async function probes(client: Client, id: string) {
  // @ts-expect-error a misspelt PATCH field: ExercisePatch has no member `nmae`
  const misspelt: ExercisePatch = { nmae: "Liegestütz" };
  await client.PATCH("/content/exercises/{id}", { params: { path: { id } }, body: misspelt });
  await client.PATCH("/content/exercises/{id}", {
    params: { path: { id } },
    // @ts-expect-error a misspelt PATCH field beside a known one, in the call itself
    body: { level: "beginner", nmae: "Liegestütz" },
  });
  await client.PATCH("/content/workouts/{id}", {
    params: { path: { id } },
    // @ts-expect-error a wrong enum value: `expert` is no FitnessLevel
    body: { level: "expert" },
  });
  await client.GET("/content/exercises/{id}", {
    // @ts-expect-error a missing path parameter: `id` is required
    params: { path: {} },
  });
  await client.PATCH("/content/workouts/{id}/status", {
    params: { path: { id } },
    // @ts-expect-error a wrong status: `live` is no content status
    body: { de: "live" },
  });
  await client.PATCH("/content/exercises/{id}", {
    params: { path: { id } },
    // @ts-expect-error a wrong type in a PATCH field: `muscle_groups` holds integer ids
    body: { muscle_groups: ["3"] },
  });
}
