import { route } from "@/lib/http/route";
import { getOpenApiDocument } from "@/lib/openapi/registry";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOpenApiDocument);
