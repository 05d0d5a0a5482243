"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { SecretReveal } from "@/components/ui/secret-reveal";
import { Select } from "@/components/ui/select";
import { Cell, EmptyRow, HeaderCell, Row, Table } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { ApiRequestError, describeError } from "@/lib/admin/api-client";
import { createIntegrationTokenBodySchema } from "@/lib/integration-tokens/schemas";
import { useIntegrationTokens, useIssueIntegrationToken, useRevokeIntegrationToken } from "./api";
import type { IssuedIntegrationToken } from "./types";

type IssueInput = z.input<typeof createIntegrationTokenBodySchema>;
type IssueOutput = z.output<typeof createIntegrationTokenBodySchema>;

const formatDate = (value: string | null) => (value ? new Date(value).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) : "Never");

export function IntegrationTokensScreen() {
  const tokens = useIntegrationTokens();
  const issue = useIssueIntegrationToken();
  const revoke = useRevokeIntegrationToken();
  const toast = useToast();
  const [issued, setIssued] = useState<IssuedIntegrationToken>();
  const [pendingRevoke, setPendingRevoke] = useState<{ id: string; name: string }>();
  const form = useForm<IssueInput, unknown, IssueOutput>({ resolver: zodResolver(createIntegrationTokenBodySchema), defaultValues: { name: "", scope: "mobile" } });

  const live = tokens.data?.data.length ?? 0;
  const limit = tokens.data?.limit ?? 10;
  const isFull = tokens.data !== undefined && live >= limit;

  const onIssue = form.handleSubmit(async (values) => {
    try {
      const token = await issue.mutateAsync(values);
      setIssued(token);
      form.reset({ name: "", scope: values.scope });
    } catch (error) {
      const detail = error instanceof ApiRequestError ? error.details.find((entry) => entry.path === "/name") : undefined;
      if (detail) form.setError("name", { type: "server", message: detail.message });
      else toast.show(`Could not issue the token: ${describeError(error)}`, "error");
    }
  });

  const confirmRevoke = () => {
    const token = pendingRevoke;
    setPendingRevoke(undefined);
    if (!token) return;
    revoke.mutate(token.id, {
      onSuccess: () => toast.show(`Revoked “${token.name}”. It stops working at once.`),
      onError: (error) => toast.show(`Could not revoke “${token.name}”: ${describeError(error)}`, "error"),
    });
  };

  return (
    <section aria-labelledby="tokens-heading" className="space-y-6">
      <div>
        <h1 id="tokens-heading" className="text-2xl font-semibold">
          Integration tokens
        </h1>
        <p className="mt-1 text-sm text-slate-700">Tokens let other systems read (mobile scope) or manage (platform scope) this organization’s content.</p>
      </div>

      <p className="text-sm" aria-live="polite">
        <strong>
          {live} of {limit}
        </strong>{" "}
        tokens in use.
        {isFull ? " The limit is reached: revoke a token before issuing another." : live >= limit - 2 && tokens.data ? ` ${limit - live} left before the limit.` : ""}
      </p>

      {issued ? <SecretReveal label="New token" title={`Copy the token for “${issued.name}” now: it is shown only this once.`} value={issued.token} onDismiss={() => setIssued(undefined)} /> : null}

      <form onSubmit={onIssue} noValidate aria-label="Issue a token" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <Field label="Token name" className="w-64" {...form.register("name")} error={form.formState.errors.name?.message} />
        <Select label="Scope" className="w-40" {...form.register("scope")}>
          <option value="mobile">mobile (read)</option>
          <option value="platform">platform (manage)</option>
        </Select>
        <Button type="submit" disabled={isFull || form.formState.isSubmitting}>
          Issue token
        </Button>
      </form>

      {tokens.isError ? <Notice tone="error">{describeError(tokens.error)}</Notice> : null}

      <Table
        caption="Live integration tokens"
        head={
          <>
            <HeaderCell>Name</HeaderCell>
            <HeaderCell>Scope</HeaderCell>
            <HeaderCell>Created</HeaderCell>
            <HeaderCell>Expires</HeaderCell>
            <HeaderCell>Last used</HeaderCell>
            <HeaderCell hidden>Actions</HeaderCell>
          </>
        }
      >
        {tokens.data?.data.length === 0 ? <EmptyRow columns={6}>No tokens yet.</EmptyRow> : null}
        {tokens.data?.data.map((token) => (
          <Row key={token.id}>
            <Cell className="font-medium">{token.name}</Cell>
            <Cell>{token.scope}</Cell>
            <Cell>{formatDate(token.created_at)}</Cell>
            <Cell>{formatDate(token.expires_at)}</Cell>
            <Cell>{formatDate(token.last_used_at)}</Cell>
            <Cell className="text-right">
              <Button variant="ghost" aria-label={`Revoke ${token.name}`} onClick={() => setPendingRevoke({ id: token.id, name: token.name })}>
                Revoke
              </Button>
            </Cell>
          </Row>
        ))}
      </Table>

      <ConfirmDialog open={pendingRevoke !== undefined} title="Revoke this token?" confirmLabel="Revoke" onConfirm={confirmRevoke} onCancel={() => setPendingRevoke(undefined)}>
        <p>Systems using “{pendingRevoke?.name}” lose access at once. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
