"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Cell, HeaderCell, Row, Table } from "@/components/ui/table";
import { useAdmin } from "@/lib/admin/admin-context";
import { describeError } from "@/lib/admin/api-client";
import type { AdminCollection } from "@/lib/admin/collections";
import { HISTORY_PAGE_SIZE, useStatusHistory } from "./api";
import { StatusBadge } from "./status-panel";

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Who changed which language's status, when, from what to what: newest first, paged. */
export function StatusHistory({ collection, id }: { collection: AdminCollection; id: string }) {
  const { defaultLanguage } = useAdmin();
  const [offset, setOffset] = useState(0);
  const history = useStatusHistory(collection, id, offset);
  const total = history.data?.total ?? 0;
  return (
    <section aria-labelledby="status-history-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="status-history-heading" className="text-lg font-semibold">
        Status history
      </h2>
      {history.isError ? <Notice tone="error">{describeError(history.error)}</Notice> : null}
      {history.data && total === 0 ? <p className="text-sm text-slate-700">No status has been changed yet.</p> : null}
      {total > 0 ? (
        <Table
          caption="Status changes, newest first"
          head={
            <>
              <HeaderCell>When (UTC)</HeaderCell>
              <HeaderCell>Language</HeaderCell>
              <HeaderCell>Change</HeaderCell>
              <HeaderCell>By</HeaderCell>
            </>
          }
        >
          {history.data?.data.map((entry, index) => (
            <Row key={`${entry.changed_at}-${entry.language}-${index}`}>
              <Cell className="whitespace-nowrap">
                <time dateTime={entry.changed_at}>{WHEN.format(new Date(entry.changed_at))}</time>
              </Cell>
              <Cell>{entry.language === "default" ? `${defaultLanguage} (default)` : entry.language}</Cell>
              <Cell>
                {entry.from ? <StatusBadge status={entry.from} /> : <span className="text-slate-600">none</span>} → <StatusBadge status={entry.to} />
              </Cell>
              <Cell>{entry.changed_by?.email ?? "a removed user or a token"}</Cell>
            </Row>
          ))}
        </Table>
      ) : null}
      {total > HISTORY_PAGE_SIZE ? (
        <nav aria-label="Status history pages" className="flex items-center justify-end gap-2">
          <span className="text-sm text-slate-700">
            {offset + 1}–{Math.min(offset + HISTORY_PAGE_SIZE, total)} of {total}
          </span>
          <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - HISTORY_PAGE_SIZE))}>
            Newer
          </Button>
          <Button variant="secondary" disabled={offset + HISTORY_PAGE_SIZE >= total} onClick={() => setOffset(offset + HISTORY_PAGE_SIZE)}>
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
