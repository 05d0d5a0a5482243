import { ADMIN_COLLECTIONS } from "./collections";

/** A screen of the admin, as the navigation and the command palette name it. */
export type AdminScreen = { href: string; label: string };
export type AdminScreenGroup = { heading: string; links: AdminScreen[] };

const COLLECTION_GROUPS: AdminScreenGroup[] = (["Content", "Equipment", "Lookups"] as const).map((group) => ({
  heading: group,
  links: ADMIN_COLLECTIONS.filter((collection) => collection.group === group).map((collection) => ({ href: `/admin/content/${collection.slug}`, label: collection.label })),
}));

const PUBLISHING_GROUP: AdminScreenGroup = {
  heading: "Publishing",
  links: [{ href: "/admin/schedules", label: "Scheduled changes" }],
};

const WORK_GROUP: AdminScreenGroup = {
  heading: "Translation and media",
  links: [
    { href: "/admin/translations", label: "Translation queue" },
    { href: "/admin/media", label: "Images" },
  ],
};

const ORGANIZATION_GROUP: AdminScreenGroup = {
  heading: "Organization",
  links: [
    { href: "/admin/organization", label: "Settings" },
    { href: "/admin/users", label: "Users" },
    { href: "/admin/integration-tokens", label: "Integration tokens" },
    { href: "/admin/webhooks", label: "Webhooks" },
    { href: "/admin/jobs", label: "Background jobs" },
    { href: "/admin/audit-log", label: "Audit log" },
    { href: "/admin/integrations", label: "Integrations" },
  ],
};

/** Imports write records: admins and editors (docs/api.md "Bulk import"). */
const IMPORT_SCREEN: AdminScreen = { href: "/admin/imports", label: "Import content" };

/**
 * The screens a person may open, grouped as the navigation shows them: imports for admins and
 * editors, the organization's screens only for admins.
 */
export function adminScreenGroups(role: string): AdminScreenGroup[] {
  const canImport = role === "admin" || role === "editor";
  const work = [...COLLECTION_GROUPS, PUBLISHING_GROUP, canImport ? { ...WORK_GROUP, links: [...WORK_GROUP.links, IMPORT_SCREEN] } : WORK_GROUP];
  return role === "admin" ? [...work, ORGANIZATION_GROUP] : work;
}
