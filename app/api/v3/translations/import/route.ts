import { route } from "@/lib/http/route";
import { postTranslationImport } from "@/lib/translation-exchange/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postTranslationImport);
