/**
 * The operator's command line: `npm run cli -- <command> [options]`. Works against whichever database
 * is configured (DATABASE_URL, else the embedded one in DATA_DIR, which it refuses to open while a
 * server holds it).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { closeDatabase, getDatabase, getDb, tables } from "@/lib/db";
import { CopyDatabaseError } from "@/lib/db/copy-database";
import { ArchiveError } from "@/lib/org-archive/format";
import { DataDirLockedError } from "@/lib/db/lock";
import { EnvError, getEnv } from "@/lib/env";
import { ApiError } from "@/lib/core/errors";
import { DEMO_ORGANIZATION } from "@/lib/organizations/bootstrap";
import { createOrganization } from "@/lib/organizations/create-organization";
import { findOrganizationByCode } from "@/lib/organizations/get-organization";
import { createUser } from "@/lib/users/create-user";
import { describeDatabaseUrl } from "./cluster/database";

class UsageError extends Error {}

type Command = {
  usage: string;
  options: Record<string, { type: "string" | "boolean"; required?: boolean }>;
  // A boolean option reads as `true` when given (its value is not a string then).
  run: (values: Record<string, string | undefined>) => Promise<string>;
};

const splitList = (value: string | undefined) => (value ? value.split(",").map((item) => item.trim()).filter(Boolean) : undefined);

async function requireOrganization(code: string) {
  const organization = await findOrganizationByCode(await getDb(), code);
  if (!organization) throw new UsageError(`no organization with code '${code}'`);
  return organization;
}

const COMMANDS: Record<string, Command> = {
  "create-org": {
    usage: "create-org --code C --name N [--languages en,de] [--default-language en]",
    options: { code: { type: "string", required: true }, name: { type: "string", required: true }, languages: { type: "string" }, "default-language": { type: "string" } },
    run: async (values) => {
      const organization = await createOrganization(await getDb(), {
        code: values.code!,
        name: values.name!,
        languages: splitList(values.languages),
        defaultLanguage: values["default-language"],
      });
      return `created organization '${organization.code}' (${organization.id}); languages ${organization.languages.join(", ")}, default ${organization.defaultLanguage}`;
    },
  },
  "create-user": {
    usage: "create-user --org C --email E --password P --role admin|editor|translator|member [--languages de,fr]",
    options: { org: { type: "string", required: true }, email: { type: "string", required: true }, password: { type: "string", required: true }, role: { type: "string", required: true }, languages: { type: "string" } },
    run: async (values) => {
      const organization = await requireOrganization(values.org!);
      const user = await createUser(await getDb(), organization, {
        email: values.email!,
        password: values.password!,
        role: values.role as never,
        languages: splitList(values.languages),
      });
      const languages = user.languages.length > 0 ? ` for ${user.languages.join(", ")}` : "";
      return `created ${user.role}${languages} ${user.email} (${user.id}) in '${organization.code}'`;
    },
  },
  "enable-webhooks": {
    usage: "enable-webhooks --org C",
    options: { org: { type: "string", required: true } },
    run: async (values) => {
      const organization = await requireOrganization(values.org!);
      await (await getDb())
        .update(tables.organizations)
        .set({ webhooksEnabled: true, updatedAt: new Date() })
        .where(eq(tables.organizations.id, organization.id));
      return `webhooks enabled for '${organization.code}'`;
    },
  },
  "copy-database": {
    usage: "copy-database --to postgres://user:password@host:5432/database",
    options: { to: { type: "string", required: true } },
    run: async (values) => {
      const target = values.to!;
      if (!/^postgres(?:ql)?:\/\//.test(target)) throw new UsageError("--to: must be a postgres:// connection string");
      if (getEnv().DATABASE_URL === target) throw new UsageError("--to: names the database the command reads; give another one");
      const { copyDatabase } = await import("@/lib/db/copy-database");
      let rows = 0;
      const tables = await copyDatabase(await getDb(), target, ({ table, rows: count }) => {
        rows += count;
        if (count > 0) console.log(`  ${table}: ${count} rows`);
      });
      return `copied ${rows} rows of ${tables.length} tables into ${describeDatabaseUrl(target)}`;
    },
  },
  "copy-files": {
    usage: "copy-files [--from DIR] (with S3_BUCKET and its settings naming the target bucket)",
    options: { from: { type: "string" } },
    run: async (values) => {
      const env = getEnv();
      if (!env.s3) throw new UsageError("set S3_BUCKET and its settings (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT …): the files are copied into that bucket");
      const directory = path.resolve(values.from ?? env.STORAGE_DIR);
      if (!existsSync(directory)) throw new UsageError(`--from: no directory ${directory}`);
      // Loaded only for this command: the S3 client is large.
      const [{ copyFiles }, { getStorage }] = await Promise.all([import("@/lib/storage/copy-files"), import("@/lib/storage")]);
      const report = await copyFiles(directory, getStorage());
      return `copied ${report.copied} files (${report.bytes} bytes) from ${directory} to bucket ${env.s3.bucket}; ${report.skipped} were there already`;
    },
  },
  export: {
    usage: "export --org C --out FILE (an organization archive: docs/archive-format.md)",
    options: { org: { type: "string", required: true }, out: { type: "string", required: true } },
    run: async (values) => {
      const organization = await requireOrganization(values.org!);
      const out = path.resolve(values.out!);
      const [{ exportOrganization }, { getStorage }, { createWriteStream }, { rm }] = await Promise.all([
        import("@/lib/org-archive/export-organization"),
        import("@/lib/storage"),
        import("node:fs"),
        import("node:fs/promises"),
      ]);
      const database = await getDatabase();
      try {
        const summary = await exportOrganization(database.db, { storage: getStorage(), organizationId: organization.id, output: createWriteStream(out), isPostgres: database.kind === "postgresql" });
        const rows = Object.values(summary.counts).reduce((sum, count) => sum + count, 0);
        return `exported '${organization.code}' to ${out}: ${rows} records, ${summary.files} files (${summary.bytes} bytes)`;
      } catch (error) {
        await rm(out, { force: true });
        throw error;
      }
    },
  },
  import: {
    usage: "import --org D --in FILE [--create-org] (ids kept when D is empty, else remapped: docs/archive-format.md)",
    options: { org: { type: "string", required: true }, in: { type: "string", required: true }, "create-org": { type: "boolean" } },
    run: async (values) => {
      const file = path.resolve(values.in!);
      if (!existsSync(file)) throw new UsageError(`--in: no file ${file}`);
      const [{ importOrganization, verifyArchive }, { getStorage }, { createReadStream }] = await Promise.all([
        import("@/lib/org-archive/import-organization"),
        import("@/lib/storage"),
        import("node:fs"),
      ]);
      const open = async () => createReadStream(file);
      const db = await getDb();
      let organization = await findOrganizationByCode(db, values.org!);
      if (!organization && !values["create-org"]) throw new UsageError(`no organization with code '${values.org}' (add --create-org to create it from the archive's)`);
      if (organization && values["create-org"]) throw new UsageError(`--create-org: an organization with code '${values.org}' exists already`);
      if (!organization) {
        // Checked before the organization is created, so a refused archive leaves nothing behind.
        const { head } = await verifyArchive(open);
        organization = await createOrganization(db, {
          code: values.org!,
          name: head.organization.name,
          languages: head.organization.languages,
          defaultLanguage: head.organization.default_language,
        });
      }
      const summary = await importOrganization(db, { storage: getStorage(), organizationId: organization.id, open });
      const rows = Object.values(summary.counts).reduce((sum, count) => sum + count, 0);
      const matched = Object.values(summary.matched).reduce((sum, count) => sum + count, 0);
      // The records the organization had already: left out, the organization's own referenced instead.
      const kept = matched > 0 ? `; ${matched} of them the organization had already (${Object.entries(summary.matched).flatMap(([table, count]) => (count > 0 ? [`${count} ${table}`] : [])).join(", ")})` : "";
      return `imported ${rows} records and ${summary.files} files into '${organization.code}' (ids ${summary.ids})${kept}`;
    },
  },
  "seed-demo": {
    usage: "seed-demo [--org C]",
    options: { org: { type: "string" } },
    run: async (values) => {
      // Loaded only for this command: it brings in sharp and the upload code, which the others do without.
      const { seedDemoCatalogue } = await import("@/lib/demo/seed-demo");
      // The catalogue's writes enqueue jobs (webhook fan-out, thumbnails), which a server or worker runs later.
      const { installJobQueue } = await import("@/lib/jobs/queue");
      const { ALL_TASKS } = await import("@/lib/jobs/tasks");
      await installJobQueue(await getDatabase(), ALL_TASKS);
      const result = await seedDemoCatalogue(await getDb(), values.org ?? DEMO_ORGANIZATION.code);
      return result.message;
    },
  },
};

function helpText(): string {
  return ["Usage: npm run cli -- <command> [options]", "", "Commands:", ...Object.values(COMMANDS).map((command) => `  ${command.usage}`)].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    console.log(helpText());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command '${name}'\n\n${helpText()}`);

  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }) as { values: Record<string, string | undefined> });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nusage: npm run cli -- ${command.usage}`);
  }
  const missing = Object.entries(command.options)
    .filter(([option, spec]) => spec.required && !values[option])
    .map(([option]) => `--${option}`);
  if (missing.length > 0) throw new UsageError(`missing ${missing.join(", ")}\nusage: npm run cli -- ${command.usage}`);

  console.log(await command.run(values));
  return 0;
}

if (existsSync(".env")) process.loadEnvFile(".env");

main(process.argv.slice(2))
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    await closeDatabase().catch(() => undefined);
    if (error instanceof ApiError) {
      const details = error.details?.map((detail) => `\n  ${detail.path || "input"}: ${detail.message}`).join("") ?? "";
      console.error(`error: ${error.message}${details}`);
    } else if (error instanceof UsageError || error instanceof DataDirLockedError || error instanceof EnvError || error instanceof CopyDatabaseError || error instanceof ArchiveError) {
      console.error(`error: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
