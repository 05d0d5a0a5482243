import { route } from "@/lib/http/route";
import { getTranslationQueue } from "@/lib/translations/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getTranslationQueue);
