"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/admin/api-client";
import { usersRead } from "./reads";
import type { createUserInputSchema, updateUserBodySchema, userListSchema, userSchema } from "@/lib/users/schemas";

export type UserList = z.output<typeof userListSchema>;
export type User = z.output<typeof userSchema>;
export type CreateUserBody = z.output<typeof createUserInputSchema>;
export type UpdateUserBody = z.output<typeof updateUserBodySchema>;

const userKeys = { list: usersRead.key };

export function useUsers() {
  return useQuery({
    queryKey: userKeys.list,
    queryFn: async ({ signal }) => (await apiRequest<UserList>(usersRead.path, { signal })).data,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateUserBody) => (await apiRequest<User>("/users", { method: "POST", body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list }),
  });
}

/** Role and language changes show at once in the table; the list is put back if the API refuses. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateUserBody }) => (await apiRequest<User>(`/users/${encodeURIComponent(id)}`, { method: "PATCH", body })).data,
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: userKeys.list });
      const previous = queryClient.getQueryData<UserList>(userKeys.list);
      const { password: _password, ...visible } = body;
      queryClient.setQueryData<UserList>(userKeys.list, (list) => list && { ...list, data: list.data.map((user) => (user.id === id ? { ...user, ...visible } : user)) });
      return { previous };
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(userKeys.list, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.list }),
  });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiRequest<void>(`/users/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list }),
  });
}
