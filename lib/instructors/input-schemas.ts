/** The admin's form schemas (components/) still import this path; everything else imports ./schemas. */
export * from "./schemas";
