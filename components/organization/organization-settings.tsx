"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import { describeError } from "@/lib/admin/api-client";
import { useOrganization, useUpdateOrganization, type Organization } from "./api";

/** The organization's settings (admins): for now, whether publishing a language needs every text. */
export function OrganizationSettings() {
  const organization = useOrganization();
  return (
    <section aria-labelledby="organization-heading" className="max-w-2xl space-y-6">
      <div>
        <h1 id="organization-heading" className="text-2xl font-semibold">
          Organization settings
        </h1>
        {organization.data ? (
          <p className="mt-1 text-sm text-slate-700">
            {organization.data.name} ({organization.data.code}) · languages {organization.data.languages.join(", ")}, default {organization.data.default_language}
          </p>
        ) : null}
      </div>
      {organization.isError ? <Notice tone="error">Could not load the settings: {describeError(organization.error)}</Notice> : null}
      {organization.data ? <PublishingForm key={organization.data.updated_at} organization={organization.data} /> : organization.isPending ? <p className="text-sm">Loading…</p> : null}
    </section>
  );
}

function PublishingForm({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization();
  const toast = useToast();
  const [isStrict, setStrict] = useState(organization.strict_publishing);
  const isChanged = isStrict !== organization.strict_publishing;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate(
      { strict_publishing: isStrict },
      {
        onSuccess: (saved) => toast.show(saved.strict_publishing ? "Strict publishing is on." : "Strict publishing is off."),
        onError: (error) => toast.show(`Could not save the settings: ${describeError(error)}`, "error"),
      },
    );
  };

  return (
    <form onSubmit={save} aria-label="Publishing" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-medium">Publishing</h2>
      <div className="flex items-start gap-3">
        <input
          id="strict-publishing"
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={isStrict}
          onChange={(event) => setStrict(event.target.checked)}
          aria-describedby="strict-publishing-hint"
        />
        <div>
          <label htmlFor="strict-publishing" className="font-medium">
            Strict publishing
          </label>
          <p id="strict-publishing-hint" className="text-sm text-slate-700">
            {
              "When on, a language can be published only when every text of the record is translated into it, phase titles and notes included. When off, the record's own title and description are enough; untranslated texts inside phases and weeks show in the default language until they are translated."
            }
          </p>
        </div>
      </div>
      <Button type="submit" disabled={!isChanged || update.isPending}>
        {update.isPending ? "Saving…" : "Save settings"}
      </Button>
    </form>
  );
}
