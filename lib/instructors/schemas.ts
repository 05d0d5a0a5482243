import { z } from "zod";
import { uploadRefInputSchema } from "@/lib/content/schemas";
import { uploadRecordSchema } from "@/lib/uploads/schemas";

export const instructorGenderSchema = z.enum(["male", "female", "duo"]);

/** The instructor API's input, shared with the admin's editor (no database code here). */
export const instructorInputSchema = z
  .object({
    name: z.string().trim().min(1, "must not be empty").max(200),
    user_id: z.uuid("must be a user id").nullable().optional().meta({ description: "A user of the organization this instructor is" }),
    gender: instructorGenderSchema.nullable().optional(),
    photo: uploadRefInputSchema.nullable().optional(),
  })
  .meta({ id: "InstructorInput", example: { name: "Mara Lind", user_id: null, gender: "female", photo: null } });

export const instructorSchema = z
  .object({ id: z.uuid(), user_id: z.uuid().nullable(), name: z.string(), gender: instructorGenderSchema.nullable(), photo: uploadRecordSchema.nullable() })
  .meta({ id: "Instructor" });

export type Instructor = z.output<typeof instructorSchema>;
