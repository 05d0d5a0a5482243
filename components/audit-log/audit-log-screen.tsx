"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { Cell, EmptyRow, HeaderCell, Row, Table } from "@/components/ui/table";
import { describeError } from "@/lib/admin/api-client";
import { AUDIT_ACTIONS } from "@/lib/audit-log/schemas";
import { useAuditEntries } from "./api";
import { AUDIT_PAGE_SIZE as PAGE_SIZE, auditFilter, auditQueryString } from "./reads";

// In UTC, as the column heading says: the server renders the first page (ADR 9), and a time zone of its
// own would change every time when the browser takes over.
const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
const formatDate = (value: string) => WHEN.format(new Date(value));

/** The organization's audit log: newest first, filtered by action, a page at a time, exported as JSON lines. */
export function AuditLogScreen() {
  const [action, setAction] = useState("");
  const [offset, setOffset] = useState(0);
  const filter = auditFilter(action, offset);
  const entries = useAuditEntries(filter);
  const exportHref = `/api/v3/audit-log/export?${auditQueryString({ where: filter.where })}`;
  const total = entries.data?.total ?? 0;

  return (
    <section aria-labelledby="audit-heading" className="space-y-6">
      <div>
        <h1 id="audit-heading" className="text-2xl font-semibold">
          Audit log
        </h1>
        <p className="mt-1 text-sm text-slate-700">Who did what and when: sign-ins, tokens, users, content, status changes, schedules, webhooks and integrations. Entries are never changed.</p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <Select
          label="Action"
          value={action}
          onChange={(event) => {
            setAction(event.target.value);
            setOffset(0);
          }}
        >
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
        <a href={exportHref} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-blue-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600" download>
          Export as JSON lines
        </a>
      </div>
      {entries.isError ? <Notice tone="error">{describeError(entries.error)}</Notice> : null}
      {entries.data ? (
        <Table
          caption={`Audit log entries ${total === 0 ? 0 : offset + 1}–${offset + entries.data.data.length} of ${total}, newest first`}
          head={
            <>
              <HeaderCell>When (UTC)</HeaderCell>
              <HeaderCell>Action</HeaderCell>
              <HeaderCell>Actor</HeaderCell>
              <HeaderCell>Credential</HeaderCell>
              <HeaderCell>Target</HeaderCell>
              <HeaderCell>Details</HeaderCell>
            </>
          }
        >
          {entries.data.data.length === 0 ? <EmptyRow columns={6}>No entries.</EmptyRow> : null}
          {entries.data.data.map((entry) => (
            <Row key={entry.id}>
              <Cell>{formatDate(entry.at)}</Cell>
              <Cell className="font-medium">{entry.action}</Cell>
              <Cell>{entry.actor.label ?? (entry.actor.type === "system" ? "the service" : entry.actor.id ?? "unknown")}</Cell>
              <Cell>{entry.credential}</Cell>
              <Cell>
                <div>{entry.target.type}</div>
                <div className="text-slate-700 break-all">{entry.target.label ?? entry.target.id ?? "—"}</div>
              </Cell>
              <Cell className="font-mono text-xs break-all">{Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : "—"}</Cell>
            </Row>
          ))}
        </Table>
      ) : null}
      <div className="flex gap-3">
        <Button variant="ghost" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
          Newer
        </Button>
        <Button variant="ghost" disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
          Older
        </Button>
      </div>
    </section>
  );
}
