"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { Cell, EmptyRow, HeaderCell, Row, Table } from "@/components/ui/table";
import { TextArea } from "@/components/ui/text-area";
import { useToast } from "@/components/ui/toast";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import type { ConnectionRecord } from "@/lib/integrations/schemas";
import { CONNECTIONS_PAGE_SIZE, useConnections, useCreateConnection, useDeleteConnection, useIntegrationDefinitions, useUpdateConnection, type IntegrationDefinition } from "./api";
import { createConnectionSchema, initialValues, placeServerErrors, updateConnectionSchema, type ConnectionFormValues } from "./connection-form";

const formatDate = (value: string) => new Date(value).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** Integration connections (admins): the organization's instances of the service's integrations. */
export function IntegrationsScreen() {
  const definitions = useIntegrationDefinitions();
  const [offset, setOffset] = useState(0);
  const connections = useConnections(offset);
  const remove = useDeleteConnection();
  const toast = useToast();
  const [integrationKey, setIntegrationKey] = useState<string>();
  const [editing, setEditing] = useState<ConnectionRecord>();
  const [removing, setRemoving] = useState<ConnectionRecord>();

  const available = definitions.data ?? [];
  const chosen = available.find((definition) => definition.key === (integrationKey ?? available[0]?.key));
  const editedDefinition = editing ? available.find((definition) => definition.key === editing.integration) : undefined;
  const total = connections.data?.total ?? 0;
  const nameOf = (key: string) => available.find((definition) => definition.key === key)?.name ?? key;

  const confirmRemove = () => {
    const connection = removing;
    setRemoving(undefined);
    if (!connection) return;
    remove.mutate(connection.id, {
      onSuccess: () => {
        toast.show(`Removed “${connection.name}”.`);
        if (editing?.id === connection.id) setEditing(undefined);
        if (offset > 0 && offset >= total - 1) setOffset(Math.max(0, offset - CONNECTIONS_PAGE_SIZE));
      },
      onError: (error) => toast.show(`Could not remove “${connection.name}”: ${describeError(error)}`, "error"),
    });
  };

  return (
    <section aria-labelledby="integrations-heading" className="space-y-6">
      <div>
        <h1 id="integrations-heading" className="text-2xl font-semibold">
          Integrations
        </h1>
        <p className="mt-1 text-sm text-slate-700">Connections to third-party content providers. Secret settings are stored encrypted and shown masked.</p>
      </div>
      {definitions.isError ? <Notice tone="error">{describeError(definitions.error)}</Notice> : null}

      {editing && editedDefinition ? (
        <ConnectionForm key={`edit-${editing.id}-${editing.updated_at}`} definition={editedDefinition} connection={editing} onDone={() => setEditing(undefined)} />
      ) : chosen ? (
        <div className="space-y-3">
          {available.length > 1 ? (
            <Select label="Integration" value={chosen.key} onChange={(event) => setIntegrationKey(event.target.value)} className="max-w-sm">
              {available.map((definition) => (
                <option key={definition.key} value={definition.key}>
                  {definition.name}
                </option>
              ))}
            </Select>
          ) : null}
          <ConnectionForm key={`new-${chosen.key}`} definition={chosen} />
        </div>
      ) : null}

      {connections.isError ? <Notice tone="error">{describeError(connections.error)}</Notice> : null}
      <Table
        caption="Integration connections"
        head={
          <>
            <HeaderCell>Name</HeaderCell>
            <HeaderCell>Integration</HeaderCell>
            <HeaderCell>Settings</HeaderCell>
            <HeaderCell>Created</HeaderCell>
            <HeaderCell hidden>Actions</HeaderCell>
          </>
        }
      >
        {connections.data && connections.data.data.length === 0 ? <EmptyRow columns={5}>No connections yet.</EmptyRow> : null}
        {(connections.data?.data ?? []).map((connection) => (
          <Row key={connection.id}>
            <Cell className="font-medium">{connection.name}</Cell>
            <Cell>{nameOf(connection.integration)}</Cell>
            <Cell>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                {connection.settings.map((setting) => (
                  <div key={setting.setting_id} className="contents">
                    <dt className="text-slate-700">{setting.key}</dt>
                    <dd className="font-mono text-xs break-all whitespace-pre-wrap">{setting.value}</dd>
                  </div>
                ))}
              </dl>
            </Cell>
            <Cell className="whitespace-nowrap">{formatDate(connection.created_at)}</Cell>
            <Cell className="text-right whitespace-nowrap">
              <Button variant="ghost" aria-label={`Edit ${connection.name}`} onClick={() => setEditing(connection)}>
                Edit
              </Button>
              <Button variant="ghost" aria-label={`Remove ${connection.name}`} onClick={() => setRemoving(connection)}>
                Remove
              </Button>
            </Cell>
          </Row>
        ))}
      </Table>
      <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
        <p aria-live="polite" className="mr-auto">
          {connections.data && total > 0 ? `Showing ${offset + 1}–${Math.min(offset + CONNECTIONS_PAGE_SIZE, total)} of ${total}` : null}
        </p>
        <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - CONNECTIONS_PAGE_SIZE))}>
          Previous page
        </Button>
        <Button variant="secondary" disabled={offset + CONNECTIONS_PAGE_SIZE >= total} onClick={() => setOffset(offset + CONNECTIONS_PAGE_SIZE)}>
          Next page
        </Button>
      </nav>

      <ConfirmDialog open={removing !== undefined} title="Remove connection?" confirmLabel="Remove" onConfirm={confirmRemove} onCancel={() => setRemoving(undefined)}>
        <p>“{removing?.name}” and its stored secrets will be deleted. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}

/** Creates a connection, or edits one when `connection` is given (then `onDone` closes the form). */
function ConnectionForm({ definition, connection, onDone }: { definition: IntegrationDefinition; connection?: ConnectionRecord; onDone?: () => void }) {
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const toast = useToast();
  const [formError, setFormError] = useState<string>();
  const isEdit = connection !== undefined;
  const schema = useMemo(() => (isEdit ? updateConnectionSchema(definition) : createConnectionSchema(definition)), [definition, isEdit]);
  const form = useForm<ConnectionFormValues, unknown, { name?: string; settings?: { setting_id: string; value: string | null }[] }>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(definition, connection),
  });
  const { register, handleSubmit, formState, setError, reset } = form;

  const submit = handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      if (connection) {
        const saved = await update.mutateAsync({ id: connection.id, body });
        toast.show(`Saved “${saved.name}”.`);
        onDone?.();
      } else {
        const created = await create.mutateAsync({ integration: definition.key, name: body.name ?? "", settings: (body.settings ?? []).map(({ setting_id, value }) => ({ setting_id, value: value ?? "" })) });
        toast.show(`Connected “${created.name}”.`);
        reset(initialValues(definition));
      }
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 422) {
        const { placed, unplaced } = placeServerErrors(definition, body.settings, error.details);
        placed.forEach((entry, index) => setError(entry.field, { type: "server", message: entry.message }, { shouldFocus: index === 0 }));
        if (unplaced.length > 0 || placed.length === 0) setFormError([describeError(error), ...unplaced.map((detail) => `${detail.path}: ${detail.message}`)].join(" "));
      } else setFormError(describeError(error));
    }
  });

  const title = isEdit ? `Edit ${connection.name}` : `Connect ${definition.name}`;
  return (
    <form onSubmit={submit} noValidate aria-label={title} className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      {isEdit ? null : <p className="text-sm text-slate-700">{definition.description}</p>}
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <Field label="Name" {...register("name")} error={formState.errors.name?.message} />
      {definition.settings.map((setting, index) => {
        const error = formState.errors.values?.[index]?.message;
        const label = `${setting.label}${setting.required ? "" : " (optional)"}`;
        const masked = connection?.settings.find((stored) => stored.setting_id === setting.id)?.value;
        if (setting.type === "header") return <TextArea key={setting.id} label={label} hint={setting.description} rows={3} {...register(`values.${index}`)} error={error} />;
        return (
          <Field
            key={setting.id}
            label={label}
            type={setting.type === "secret" ? "password" : "text"}
            autoComplete="off"
            hint={setting.type === "secret" && masked ? `Stored encrypted (${masked}). Leave empty to keep it; type a new value to replace it.` : setting.description}
            {...register(`values.${index}`)}
            error={error}
          />
        );
      })}
      <div className="flex gap-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Saving…" : isEdit ? "Save connection" : "Connect"}
        </Button>
        {isEdit ? (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
