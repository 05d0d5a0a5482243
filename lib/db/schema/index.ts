export * from "./organizations";
export * from "./auth";
