import { cdnExportRoute } from "@/lib/org-archive/deliver-export";

export const dynamic = "force-dynamic";
export const { GET, HEAD } = cdnExportRoute;
