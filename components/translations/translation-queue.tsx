"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { StatusBadge } from "@/components/publishing/status-panel";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { Cell, HeaderCell, Row, Table } from "@/components/ui/table";
import { useAdmin } from "@/lib/admin/admin-context";
import { apiRequest, describeError } from "@/lib/admin/api-client";
import { ADMIN_COLLECTIONS } from "@/lib/admin/collections";
import { buildFilterQueryString } from "@/lib/filter/format";
import type { FilterCondition, FilterQuery, FilterSpec } from "@/lib/filter/types";
import type { ContentStatus } from "@/lib/publishing/transitions";
import { readQueueView, translationQueueRead } from "./reads";
import { TranslationExchange } from "./translation-exchange";
import { replaceAddress } from "@/lib/admin/replace-address";

type QueueEntry = { collection: string; id: string; title: string; state: "none" | "partial" | "ready"; translation: "none" | "partial" | "full"; status: ContentStatus | null; updated_at: string };
type QueuePage = { language: string; total: number; data: QueueEntry[] };

const STATE_LABELS: Record<QueueEntry["state"], string> = { none: "Not translated", partial: "Partly translated", ready: "Translated, not published" };
const STATE_TONES = { none: "danger", partial: "warning", ready: "info" } as const;
const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * For one language, the records that still need a translator or a publication, filterable by
 * collection and state; its state is the API's own filter in the address, so a view can be shared.
 */
export function TranslationQueue({ spec }: { spec: FilterSpec }) {
  const { languages, defaultLanguage, translatorLanguages } = useAdmin();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const { query, effective, language, collection, state, queryString } = useMemo(
    () => readQueueView(search, spec, { languages, defaultLanguage, translatorLanguages }),
    [search, spec, languages, defaultLanguage, translatorLanguages],
  );
  const read = translationQueueRead(queryString);
  const page = useQuery({
    queryKey: read.key,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await apiRequest<QueuePage>(read.path, { signal })).data,
  });

  const navigate = (next: FilterQuery) => {
    const built = buildFilterQueryString(next, spec);
    replaceAddress(built ? `${pathname}?${built}` : pathname);
  };
  const setCondition = (field: string, value: string) => {
    const where: FilterCondition[] = effective.where.filter((condition) => condition.field !== field);
    if (value) where.push({ field, operator: "eq", values: [value] });
    navigate({ ...effective, where, offset: 0 });
  };

  const total = page.data?.total ?? 0;
  const first = total === 0 ? 0 : query.offset + 1;
  const last = Math.min(query.offset + query.limit, total);
  return (
    <div className="space-y-4">
      <form role="search" aria-label="Queue filters" className="flex flex-wrap items-end gap-4" onSubmit={(event) => event.preventDefault()}>
        <Select label="Language" className="w-40" value={language} onChange={(event) => setCondition("language", event.target.value)}>
          {languages.map((candidate) => (
            <option key={candidate} value={candidate}>
              {candidate}
              {candidate === defaultLanguage ? " (default)" : ""}
            </option>
          ))}
        </Select>
        <Select label="Collection" className="w-56" value={collection} onChange={(event) => setCondition("collection", event.target.value)}>
          <option value="">All collections</option>
          {ADMIN_COLLECTIONS.filter((candidate) => spec.fields.collection?.values?.includes(candidate.apiPath)).map((candidate) => (
            <option key={candidate.apiPath} value={candidate.apiPath}>
              {candidate.label}
            </option>
          ))}
        </Select>
        <Select label="Needs" className="w-64" value={state} onChange={(event) => setCondition("state", event.target.value)}>
          <option value="">Anything</option>
          {Object.entries(STATE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </form>

      {language !== defaultLanguage ? <TranslationExchange language={language} collection={collection} collections={spec.fields.collection?.values ?? []} /> : null}

      {page.isError ? <Notice tone="error">{describeError(page.error)}</Notice> : null}
      <p className="text-sm text-slate-700" role="status">
        {page.data ? (total === 0 ? `Nothing waits for ${language}.` : `Showing ${first}–${last} of ${total} for ${language}`) : "Loading…"}
      </p>
      {total > 0 ? (
        <Table
          caption={`What ${language} still needs`}
          head={
            <>
              <HeaderCell>Record</HeaderCell>
              <HeaderCell>Collection</HeaderCell>
              <HeaderCell>Needs</HeaderCell>
              <HeaderCell>Status in {language}</HeaderCell>
              <HeaderCell>Changed (UTC)</HeaderCell>
            </>
          }
        >
          {page.data?.data.map((entry) => {
            const target = ADMIN_COLLECTIONS.find((candidate) => candidate.apiPath === entry.collection);
            const title = entry.title || `#${entry.id}`;
            return (
              <Row key={`${entry.collection}/${entry.id}`}>
                <Cell className="font-medium">
                  {target ? (
                    // The editor opens on this language's tab, with the default language's text beside each field.
                    <Link href={`/admin/content/${target.slug}/${entry.id}?lang=${language}`} className="text-blue-800 underline-offset-2 hover:underline">
                      {title}
                    </Link>
                  ) : (
                    title
                  )}
                </Cell>
                <Cell>{target?.label ?? entry.collection}</Cell>
                <Cell>
                  <Badge tone={STATE_TONES[entry.state]}>{STATE_LABELS[entry.state]}</Badge>
                </Cell>
                <Cell>{entry.status ? <StatusBadge status={entry.status} /> : <span className="text-slate-600">no status</span>}</Cell>
                <Cell className="whitespace-nowrap">
                  <time dateTime={entry.updated_at}>{WHEN.format(new Date(entry.updated_at))}</time>
                </Cell>
              </Row>
            );
          })}
        </Table>
      ) : null}
      {total > query.limit ? (
        <nav aria-label="Pages" className="flex items-center justify-end gap-2">
          <Button variant="secondary" disabled={query.offset === 0} onClick={() => navigate({ ...effective, offset: Math.max(0, query.offset - query.limit) })}>
            Previous page
          </Button>
          <Button variant="secondary" disabled={query.offset + query.limit >= total} onClick={() => navigate({ ...effective, offset: query.offset + query.limit })}>
            Next page
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
