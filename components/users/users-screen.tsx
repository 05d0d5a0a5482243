"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { Cell, HeaderCell, Row, Table } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/lib/admin/admin-context";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import { createUserInputSchema, passwordSchema, roleSchema, updateUserBodySchema } from "@/lib/users/schemas";
import { useCreateUser, useRemoveUser, useUpdateUser, useUsers, type User } from "./api";

const ROLES = roleSchema.options;
const resetPasswordSchema = z.object({ password: passwordSchema });

/** Puts the API's 422 details on the fields they name; returns whether every detail found a field. */
function placeServerErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiRequestError) || error.details.length === 0) return false;
  let isPlaced = true;
  for (const detail of error.details) {
    const field = detail.path.replace(/^\//, "").split("/")[0] ?? "";
    if (fields.includes(field)) form.setError(field as Path<T>, { type: "server", message: detail.message });
    else isPlaced = false;
  }
  return isPlaced;
}

function LanguageChoices({ name, form, languages, legend }: { name: "languages"; form: UseFormReturn<{ languages?: string[] } & FieldValues, unknown, unknown>; languages: readonly string[]; legend: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {languages.map((language) => (
          <label key={language} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" value={language} {...form.register(name)} />
            {language}
          </label>
        ))}
      </div>
      {form.formState.errors.languages?.message ? <p className="mt-1 text-sm text-rose-700">{String(form.formState.errors.languages.message)}</p> : null}
    </fieldset>
  );
}

export function UsersScreen() {
  const users = useUsers();
  const { email: myEmail } = useAdmin();
  const [editing, setEditing] = useState<User>();
  const [resetting, setResetting] = useState<User>();
  const [removing, setRemoving] = useState<User>();
  const remove = useRemoveUser();
  const toast = useToast();

  return (
    <section aria-labelledby="users-heading" className="space-y-6">
      <h1 id="users-heading" className="text-2xl font-semibold">
        Users
      </h1>
      <CreateUserForm />
      {users.isError ? <Notice tone="error">{describeError(users.error)}</Notice> : null}
      <Table
        caption="Users of this organization"
        head={
          <>
            <HeaderCell>Email</HeaderCell>
            <HeaderCell>Role</HeaderCell>
            <HeaderCell>Languages</HeaderCell>
            <HeaderCell hidden>Actions</HeaderCell>
          </>
        }
      >
        {users.data?.data.map((user) => (
          <Row key={user.id}>
            <Cell className="font-medium">
              {user.email}
              {user.email === myEmail ? <span className="text-slate-600"> (you)</span> : null}
            </Cell>
            <Cell>{user.role}</Cell>
            <Cell>{user.languages.join(", ") || "—"}</Cell>
            <Cell className="text-right whitespace-nowrap">
              <Button variant="ghost" aria-label={`Change role of ${user.email}`} onClick={() => setEditing(user)}>
                Change role
              </Button>
              <Button variant="ghost" aria-label={`Reset password of ${user.email}`} onClick={() => setResetting(user)}>
                Reset password
              </Button>
              <Button variant="ghost" aria-label={`Remove ${user.email}`} onClick={() => setRemoving(user)}>
                Remove
              </Button>
            </Cell>
          </Row>
        ))}
      </Table>

      <Dialog open={editing !== undefined} title={`Change role of ${editing?.email ?? ""}`} onClose={() => setEditing(undefined)}>
        {editing ? <EditRoleForm key={editing.id} user={editing} onDone={() => setEditing(undefined)} /> : null}
      </Dialog>
      <Dialog open={resetting !== undefined} title={`Reset password of ${resetting?.email ?? ""}`} onClose={() => setResetting(undefined)}>
        {resetting ? <ResetPasswordForm key={resetting.id} user={resetting} onDone={() => setResetting(undefined)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove this user?"
        confirmLabel="Remove"
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          const user = removing;
          setRemoving(undefined);
          if (user)
            remove.mutate(user.id, {
              onSuccess: () => toast.show(`Removed ${user.email}.`),
              onError: (error) => toast.show(`Could not remove ${user.email}: ${describeError(error)}`, "error"),
            });
        }}
      >
        <p>{removing?.email} loses access at once; their sessions end. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}

type CreateInput = z.input<typeof createUserInputSchema>;
type CreateOutput = z.output<typeof createUserInputSchema>;

function CreateUserForm() {
  const { languages } = useAdmin();
  const create = useCreateUser();
  const toast = useToast();
  const [formError, setFormError] = useState<string>();
  const form = useForm<CreateInput, unknown, CreateOutput>({ resolver: zodResolver(createUserInputSchema), defaultValues: { email: "", password: "", role: "editor", languages: [] } });
  const role = useWatch({ control: form.control, name: "role" });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const user = await create.mutateAsync({ ...values, languages: values.role === "translator" ? values.languages : [] });
      toast.show(`Created ${user.email} (${user.role}).`);
      form.reset({ email: "", password: "", role: values.role, languages: [] });
    } catch (error) {
      if (!placeServerErrors(form, error, ["email", "password", "role", "languages"])) setFormError(describeError(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create a user" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">Create a user</h2>
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Email" type="email" autoComplete="off" {...form.register("email")} error={form.formState.errors.email?.message} />
        <Field label="Password" type="password" autoComplete="new-password" {...form.register("password")} error={form.formState.errors.password?.message} />
        <Select label="Role" {...form.register("role")} error={form.formState.errors.role?.message}>
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </div>
      {role === "translator" ? <LanguageChoices name="languages" form={form as never} languages={languages} legend="Languages they translate" /> : null}
      <Button type="submit" disabled={form.formState.isSubmitting}>
        Create user
      </Button>
    </form>
  );
}

type UpdateInput = z.input<typeof updateUserBodySchema>;
type UpdateOutput = z.output<typeof updateUserBodySchema>;

function EditRoleForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { languages } = useAdmin();
  const update = useUpdateUser();
  const toast = useToast();
  const [formError, setFormError] = useState<string>();
  const form = useForm<UpdateInput, unknown, UpdateOutput>({ resolver: zodResolver(updateUserBodySchema), defaultValues: { role: user.role, languages: user.languages } });
  const role = useWatch({ control: form.control, name: "role" });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await update.mutateAsync({ id: user.id, body: { role: values.role, languages: values.role === "translator" ? (values.languages ?? []) : [] } });
      toast.show(`${user.email} is now ${values.role}.`);
      onDone();
    } catch (error) {
      if (!placeServerErrors(form, error, ["role", "languages"])) setFormError(describeError(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <Select label="Role" {...form.register("role")} error={form.formState.errors.role?.message}>
        {ROLES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </Select>
      {role === "translator" ? <LanguageChoices name="languages" form={form as never} languages={languages} legend="Languages they translate" /> : null}
      <p className="text-slate-700">Changing the role ends their sessions: they sign in again.</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Save role
        </Button>
      </div>
    </form>
  );
}

function ResetPasswordForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateUser();
  const toast = useToast();
  const [formError, setFormError] = useState<string>();
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, z.output<typeof resetPasswordSchema>>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await update.mutateAsync({ id: user.id, body: { password: values.password } });
      toast.show(`Set a new password for ${user.email}; their sessions have ended.`);
      onDone();
    } catch (error) {
      if (!placeServerErrors(form, error, ["password"])) setFormError(describeError(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <Field label="New password" type="password" autoComplete="new-password" {...form.register("password")} error={form.formState.errors.password?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Set password
        </Button>
      </div>
    </form>
  );
}
