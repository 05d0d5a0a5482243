import path from "node:path";

/** Fixed secrets for test servers (never used outside tests). */
export const TEST_SECRETS = {
  JWT_SECRET: "test-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
  SECRET_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
};

export const TEST_DATA_ROOT = path.resolve(".test-data");

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
