export * from "./organizations";
export * from "./auth";
export * from "./content";
export * from "./webhooks";
export * from "./search";
