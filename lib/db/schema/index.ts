export * from "./organizations";
