import { route } from "@/lib/http/route";
import { getContentImport } from "@/lib/imports/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getContentImport);
