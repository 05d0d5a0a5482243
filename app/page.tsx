import Link from "next/link";

export default function HomePage() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Fitness Content Service</h1>
      <p className="mt-4 text-slate-600">
        The content backbone for fitness apps: exercises, workouts, training plans and on-demand media, served
        through a versioned REST API in every language you publish.
      </p>
      <ul className="mt-8 space-y-3">
        <li>
          <Link className="font-medium text-blue-700 underline underline-offset-4" href="/admin">
            Admin
          </Link>{" "}
          <span className="text-slate-600">for editors, translators and administrators</span>
        </li>
        <li>
          <Link className="font-medium text-blue-700 underline underline-offset-4" href="/reference">
            API reference
          </Link>{" "}
          <span className="text-slate-600">generated from the OpenAPI document at /api/v3/openapi.json</span>
        </li>
      </ul>
    </main>
  );
}
