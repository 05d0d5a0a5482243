import { route } from "@/lib/http/route";
import { createExercise, listExercises } from "@/lib/exercises/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listExercises, createExercise);
