import type { Metadata } from "next";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { operations } from "@/lib/openapi/registry";

export const metadata: Metadata = { title: "API reference" };

type Json = Record<string, unknown>;

const METHOD_STYLE: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-900",
  post: "bg-blue-100 text-blue-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-violet-100 text-violet-900",
  delete: "bg-rose-100 text-rose-900",
};

function JsonBlock({ value }: { value: unknown }) {
  return (
    <pre className="mt-2 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** A readable rendering of the OpenAPI document for people; machines read /api/v3/openapi.json. */
export default function ReferencePage() {
  const document = buildOpenApiDocument(operations, "") as unknown as Json & {
    paths: Record<string, Record<string, Json>>;
    components?: { schemas?: Record<string, unknown> };
  };
  const entries = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  const tags = [...new Set(entries.flatMap((entry) => (entry.operation.tags as string[]) ?? []))].sort();

  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <h1 className="text-3xl font-semibold">API reference</h1>
      <p className="mt-2 text-slate-600">
        Base URL <code className="rounded bg-slate-200 px-1">/api/v3</code>. Machine-readable document:{" "}
        <a className="text-blue-700 underline" href="/api/v3/openapi.json">
          /api/v3/openapi.json
        </a>
        . Errors always have the body <code className="rounded bg-slate-200 px-1">{"{code, message, details?}"}</code>.
      </p>
      <nav aria-label="Sections" className="mt-6 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <a key={tag} href={`#${tag}`} className="rounded border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-100">
            {tag}
          </a>
        ))}
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={tag} className="mt-10">
          <h2 className="text-xl font-semibold">{tag}</h2>
          <ul className="mt-4 space-y-3">
            {entries
              .filter((entry) => ((entry.operation.tags as string[]) ?? []).includes(tag))
              .map(({ path, method, operation }) => (
                <li key={`${method} ${path}`} className="rounded border border-slate-200 bg-white">
                  <details>
                    <summary className="flex cursor-pointer items-center gap-3 p-3">
                      <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold uppercase ${METHOD_STYLE[method] ?? ""}`}>
                        {method}
                      </span>
                      <code className="font-mono text-sm">{path}</code>
                      <span className="text-sm text-slate-600">{String(operation.summary ?? "")}</span>
                    </summary>
                    <div className="border-t border-slate-200 p-3 text-sm">
                      {operation.description ? <p className="text-slate-700">{String(operation.description)}</p> : null}
                      {operation.parameters ? (
                        <>
                          <h3 className="mt-3 font-semibold">Parameters</h3>
                          <JsonBlock value={operation.parameters} />
                        </>
                      ) : null}
                      {operation.requestBody ? (
                        <>
                          <h3 className="mt-3 font-semibold">Request body</h3>
                          <JsonBlock value={operation.requestBody} />
                        </>
                      ) : null}
                      <h3 className="mt-3 font-semibold">Responses</h3>
                      <JsonBlock value={operation.responses} />
                    </div>
                  </details>
                </li>
              ))}
          </ul>
        </section>
      ))}
      {document.components?.schemas ? (
        <section className="mt-10">
          <h2 className="text-xl font-semibold">Schemas</h2>
          <JsonBlock value={document.components.schemas} />
        </section>
      ) : null}
    </main>
  );
}
