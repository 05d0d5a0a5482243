import { route } from "@/lib/http/route";
import { createInstructor, listInstructors } from "@/lib/instructors/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listInstructors, createInstructor);
