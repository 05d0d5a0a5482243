import { defineOperation } from "@/lib/http/route";
import { created, json, noContent } from "@/lib/http/responses";
import { getOrganizationOrThrow } from "@/lib/organizations/get-organization";
import { createUserBodySchema, updateUserBodySchema, userIdParamsSchema, userListSchema, userSchema } from "./schemas";
import { createOrganizationUser, deleteUser, getUserOrThrow, listUsers, toUserRecord, updateUser, userFilterSpec } from "./users";

const adminOnly = { roles: ["admin"] } as const;

export const getUsers = defineOperation({
  method: "GET",
  path: "/users",
  operationId: "listUsers",
  summary: "List the organization's users",
  tags: ["Users"],
  auth: adminOnly,
  filter: userFilterSpec,
  responses: { 200: { description: "Users", schema: userListSchema } },
  errors: ["forbidden"],
  handle: async ({ db, caller, filter }) => json(await listUsers(db, caller.organizationId, filter)),
});

export const postUser = defineOperation({
  method: "POST",
  path: "/users",
  operationId: "createUser",
  summary: "Create a user",
  tags: ["Users"],
  auth: adminOnly,
  request: { body: createUserBodySchema },
  responses: { 201: { description: "The new user", schema: userSchema } },
  errors: ["forbidden", "conflict"],
  handle: async ({ db, caller, body }) => {
    const user = await createOrganizationUser(db, caller.organizationId, body);
    return created(user, `/api/v3/users/${user.id}`);
  },
});

export const getUser = defineOperation({
  method: "GET",
  path: "/users/{id}",
  operationId: "getUser",
  summary: "Get a user",
  tags: ["Users"],
  auth: adminOnly,
  request: { params: userIdParamsSchema },
  responses: { 200: { description: "The user", schema: userSchema } },
  errors: ["forbidden", "not_found"],
  handle: async ({ db, caller, params }) => json(toUserRecord(await getUserOrThrow(db, caller.organizationId, params.id))),
});

export const patchUser = defineOperation({
  method: "PATCH",
  path: "/users/{id}",
  operationId: "updateUser",
  summary: "Change a user's role, translator languages or password",
  description: "A role change or password reset ends the user's sessions. The last admin of an organization cannot be demoted (409).",
  tags: ["Users"],
  auth: adminOnly,
  request: { params: userIdParamsSchema, body: updateUserBodySchema },
  responses: { 200: { description: "The updated user", schema: userSchema } },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ db, caller, params, body }) => {
    const organization = await getOrganizationOrThrow(db, caller.organizationId);
    return json(await updateUser(db, organization, params.id, body));
  },
});

export const deleteUserById = defineOperation({
  method: "DELETE",
  path: "/users/{id}",
  operationId: "deleteUser",
  summary: "Remove a user",
  description: "The user's sessions end at once. The last admin of an organization cannot be removed (409).",
  tags: ["Users"],
  auth: adminOnly,
  request: { params: userIdParamsSchema },
  responses: { 204: { description: "Removed" } },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ db, caller, params }) => {
    await deleteUser(db, caller.organizationId, params.id);
    return noContent();
  },
});
