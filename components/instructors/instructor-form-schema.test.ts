import { describe, expect, it } from "vitest";
import { instructorFormSchema } from "./instructor-form-schema";

const photo = { id: "2f0a3c1e-6d2b-4c8e-9f3a-1b2c3d4e5f62", name: "mara.png", mime: "image/png", url: "https://cdn.test/mara.png" };
const user = "6c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

describe("instructorFormSchema", () => {
  it("hands the API its instructor body: the photo as an upload id, no gender as null", () => {
    expect(instructorFormSchema.parse({ name: " Mara Lind ", gender: "", photo, user_id: user })).toEqual({ name: "Mara Lind", gender: null, photo: photo.id, user_id: user });
    expect(instructorFormSchema.parse({ name: "Mara", gender: "female", photo: null, user_id: null })).toEqual({ name: "Mara", gender: "female", photo: null, user_id: null });
  });

  it("asks for the name, and refuses what the API refuses", () => {
    expect(instructorFormSchema.safeParse({ name: "  ", gender: "", photo: null, user_id: null }).error?.issues[0]).toMatchObject({ path: ["name"], message: "Enter the name" });
    expect(instructorFormSchema.safeParse({ name: "Mara", gender: "", photo: null, user_id: "not-a-user" }).error?.issues[0]).toMatchObject({ path: ["user_id"], message: "must be a user id" });
  });
});
