import { route } from "@/lib/http/route";
import { deleteInstructor, getInstructor, patchInstructor, replaceInstructor } from "@/lib/instructors/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getInstructor, replaceInstructor, patchInstructor, deleteInstructor);
