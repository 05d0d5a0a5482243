import { route } from "@/lib/http/route";
import { createBodyPart, listBodyParts } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listBodyParts, createBodyPart);
