import { route } from "@/lib/http/route";
import { deleteBodyPart, getBodyPart, patchBodyPart, replaceBodyPart } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getBodyPart, replaceBodyPart, patchBodyPart, deleteBodyPart);
