"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { SecretReveal } from "@/components/ui/secret-reveal";
import { Cell, EmptyRow, HeaderCell, Row, Table } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import { createWebhookBodySchema, eventPatternSchema, type WebhookRecord } from "@/lib/webhooks/schemas";
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useRetryDelivery, useRotateWebhookSecret, useUpdateWebhook, useWebhooks, type WebhookWithSecret } from "./api";

// Events are typed as one comma-separated line and handed to the API's own array schema.
const webhookFormSchema = createWebhookBodySchema.extend({
  events: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((pattern) => pattern.trim())
        .filter(Boolean),
    )
    // Each pattern's message on the one field (the array's own paths would point at no input).
    .superRefine((patterns, context) => {
      for (const pattern of patterns) {
        const result = eventPatternSchema.safeParse(pattern);
        if (!result.success) context.addIssue({ code: "custom", message: `“${pattern}” ${result.error.issues[0]?.message ?? "is not a valid pattern"}` });
      }
    })
    .pipe(createWebhookBodySchema.shape.events.unwrap()),
});
type WebhookFormInput = z.input<typeof webhookFormSchema>;
type WebhookFormOutput = z.output<typeof webhookFormSchema>;

const formatDate = (value: string | null) => (value ? new Date(value).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" }) : "—");

export function WebhooksScreen() {
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const toast = useToast();
  const [secret, setSecret] = useState<WebhookWithSecret>();
  const [open, setOpen] = useState<string>();
  const [removing, setRemoving] = useState<WebhookRecord>();
  const isClosed = webhooks.error instanceof ApiRequestError && webhooks.error.status === 403;

  return (
    <section aria-labelledby="webhooks-heading" className="space-y-6">
      <div>
        <h1 id="webhooks-heading" className="text-2xl font-semibold">
          Webhooks
        </h1>
        <p className="mt-1 text-sm text-slate-700">Receivers get every change of the content as signed POST requests (Standard Webhooks).</p>
      </div>
      {isClosed ? <Notice>{describeError(webhooks.error)}</Notice> : webhooks.isError ? <Notice tone="error">{describeError(webhooks.error)}</Notice> : null}
      {secret ? <SecretReveal label="Signing secret" title={`Copy the signing secret for ${secret.url} now: it is shown only this once.`} value={secret.secret} onDismiss={() => setSecret(undefined)} /> : null}
      {isClosed ? null : <CreateWebhookForm onCreated={setSecret} />}

      {webhooks.data ? (
        <Table
          caption="Receivers"
          head={
            <>
              <HeaderCell>Receiver</HeaderCell>
              <HeaderCell>Events</HeaderCell>
              <HeaderCell>State</HeaderCell>
              <HeaderCell hidden>Actions</HeaderCell>
            </>
          }
        >
          {webhooks.data.data.length === 0 ? <EmptyRow columns={4}>No receivers yet.</EmptyRow> : null}
          {webhooks.data.data.map((hook) => (
            <Row key={hook.id}>
              <Cell>
                <div className="font-medium break-all">{hook.url}</div>
                {hook.description ? <div className="text-slate-700">{hook.description}</div> : null}
              </Cell>
              <Cell>{hook.events.length ? hook.events.join(", ") : "All events"}</Cell>
              <Cell>
                {hook.is_enabled ? <Badge tone="success">enabled</Badge> : <Badge tone="warning">disabled</Badge>}
                {hook.disabled_reason ? <div className="mt-1 text-slate-700">{hook.disabled_reason}</div> : null}
              </Cell>
              <Cell className="space-x-1 text-right whitespace-nowrap">
                <Button variant="ghost" aria-expanded={open === hook.id} aria-controls={`deliveries-${hook.id}`} aria-label={`Deliveries of ${hook.url}`} onClick={() => setOpen(open === hook.id ? undefined : hook.id)}>
                  Deliveries
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`${hook.is_enabled ? "Disable" : "Enable"} ${hook.url}`}
                  onClick={() => update.mutate({ id: hook.id, body: { is_enabled: !hook.is_enabled } }, { onError: (error) => toast.show(describeError(error), "error") })}
                >
                  {hook.is_enabled ? "Disable" : "Enable"}
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Rotate secret of ${hook.url}`}
                  onClick={() =>
                    rotate.mutate(hook.id, {
                      onSuccess: (rotated) => {
                        setSecret(rotated);
                        toast.show("New secret issued; the previous one keeps signing for 24 hours.");
                      },
                      onError: (error) => toast.show(describeError(error), "error"),
                    })
                  }
                >
                  Rotate secret
                </Button>
                <Button variant="ghost" aria-label={`Delete ${hook.url}`} onClick={() => setRemoving(hook)}>
                  Delete
                </Button>
              </Cell>
            </Row>
          ))}
        </Table>
      ) : null}

      {open ? <DeliveryLog key={open} webhookId={open} url={webhooks.data?.data.find((hook) => hook.id === open)?.url ?? ""} /> : null}

      <ConfirmDialog
        open={removing !== undefined}
        title="Delete this receiver?"
        confirmLabel="Delete"
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          const hook = removing;
          setRemoving(undefined);
          if (!hook) return;
          if (open === hook.id) setOpen(undefined);
          remove.mutate(hook.id, {
            onSuccess: () => toast.show(`Deleted the receiver ${hook.url}.`),
            onError: (error) => toast.show(describeError(error), "error"),
          });
        }}
      >
        <p>{removing?.url} gets no further events, and its delivery log is deleted.</p>
      </ConfirmDialog>
    </section>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (hook: WebhookWithSecret) => void }) {
  const create = useCreateWebhook();
  const [formError, setFormError] = useState<string>();
  const form = useForm<WebhookFormInput, unknown, WebhookFormOutput>({ resolver: zodResolver(webhookFormSchema), defaultValues: { url: "", description: "", events: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      onCreated(await create.mutateAsync(values));
      form.reset();
    } catch (error) {
      const unplaced: string[] = [];
      for (const detail of error instanceof ApiRequestError ? error.details : []) {
        const field = detail.path.split("/")[1];
        if (field === "url" || field === "description" || field === "events") form.setError(field, { type: "server", message: detail.message });
        else unplaced.push(detail.message);
      }
      if (!(error instanceof ApiRequestError) || error.details.length === 0 || unplaced.length) setFormError(describeError(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a receiver" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">Add a receiver</h2>
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Receiver URL" type="url" placeholder="https://example.com/hooks/fitness" {...form.register("url")} error={form.formState.errors.url?.message} />
        <Field label="Description" {...form.register("description")} error={form.formState.errors.description?.message} />
      </div>
      <Field label="Events" hint="Comma-separated patterns such as Workout.*, *.deleted; empty: every event." {...form.register("events")} error={form.formState.errors.events?.message} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        Add receiver
      </Button>
    </form>
  );
}

const DELIVERY_TONES = { pending: "info", succeeded: "success", failed: "danger" } as const;

function DeliveryLog({ webhookId, url }: { webhookId: string; url: string }) {
  const deliveries = useDeliveries(webhookId);
  const retry = useRetryDelivery(webhookId);
  const toast = useToast();
  return (
    <section id={`deliveries-${webhookId}`} aria-labelledby={`deliveries-heading-${webhookId}`} className="space-y-3">
      <h2 id={`deliveries-heading-${webhookId}`} className="text-lg font-semibold break-all">
        Deliveries to {url}
      </h2>
      {deliveries.isError ? <Notice tone="error">{describeError(deliveries.error)}</Notice> : null}
      <Table
        caption="Deliveries, newest first"
        head={
          <>
            <HeaderCell>Created</HeaderCell>
            <HeaderCell>Events</HeaderCell>
            <HeaderCell>Status</HeaderCell>
            <HeaderCell>Attempts</HeaderCell>
            <HeaderCell>Last answer</HeaderCell>
            <HeaderCell hidden>Actions</HeaderCell>
          </>
        }
      >
        {deliveries.data?.data.length === 0 ? <EmptyRow columns={6}>No deliveries yet.</EmptyRow> : null}
        {deliveries.data?.data.map((delivery) => (
          <Row key={delivery.id}>
            <Cell>{formatDate(delivery.created_at)}</Cell>
            <Cell>{delivery.events.map((event) => `${event.entity}.${event.event}`).join(", ")}</Cell>
            <Cell>
              <Badge tone={DELIVERY_TONES[delivery.status]}>{delivery.status}</Badge>
              {delivery.next_attempt_at ? <div className="mt-1 text-slate-700">next {formatDate(delivery.next_attempt_at)}</div> : null}
            </Cell>
            <Cell>{delivery.attempt_count}</Cell>
            <Cell>{delivery.last_status_code ?? delivery.last_error ?? "—"}</Cell>
            <Cell className="text-right">
              <Button
                variant="ghost"
                aria-label={`Retry delivery of ${formatDate(delivery.created_at)}`}
                onClick={() =>
                  retry.mutate(delivery.id, {
                    onSuccess: () => toast.show(delivery.status === "pending" ? "The delivery was brought forward." : "The delivery is sent again."),
                    onError: (error) => toast.show(describeError(error), "error"),
                  })
                }
              >
                Retry
              </Button>
            </Cell>
          </Row>
        ))}
      </Table>
    </section>
  );
}
