#!/usr/bin/env node
/**
 * The floor of the benchmark (docs/benchmarks.md): the smallest server that answers the list, get and search
 * scenarios with the same SQL as the service — a `node:http` server and a `pg` pool of the same size,
 * replaying the statements the service's domain code ran for that request (recorded by the runner),
 * answering their rows as JSON. No framework, no authentication, no validation, no rendering: what is
 * left is what Node.js and PostgreSQL cost on this machine. The ratio ours / floor is the share of it
 * the service achieves.
 *
 * Environment: DATABASE_URL, PORT (on 127.0.0.1), POOL_MAX, SCENARIOS (a JSON file: name → {mode,
 * statements: [{sql, params}]}). Modes: `parallel-first` runs the first two statements at once on the
 * pool (a list: the page and its count) and the rest after; `sequential` one after another on the
 * pool; `transaction` all on one connection (the search's read-only transaction, begin to commit).
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";

const scenarios = JSON.parse(readFileSync(process.env.SCENARIOS, "utf8"));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
pool.on("error", (error) => console.error(`floor: pool error: ${error.message}`));

const run = (client, statement) => client.query(statement.sql, statement.params);

async function answer(scenario) {
  const { mode, statements } = scenario;
  if (mode === "transaction") {
    const client = await pool.connect();
    try {
      const results = [];
      for (const statement of statements) results.push(await run(client, statement));
      return results;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  const results = [];
  let rest = statements;
  if (mode === "parallel-first") {
    results.push(...(await Promise.all(statements.slice(0, 2).map((statement) => run(pool, statement)))));
    rest = statements.slice(2);
  }
  for (const statement of rest) results.push(await run(pool, statement));
  return results;
}

const server = http.createServer((req, res) => {
  const name = req.url.slice(1).split("?")[0];
  const scenario = scenarios[name];
  // The request body (search) is read and dropped, as any server must before answering.
  req.resume();
  req.on("end", () => {
    if (!scenario) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"code":"404"}');
      return;
    }
    answer(scenario).then(
      (results) => {
        const body = JSON.stringify(results.filter((result) => result.command === "SELECT").map((result) => result.rows));
        res.writeHead(200, { "content-type": "application/json" }).end(body);
      },
      (error) => {
        console.error(`floor: ${name}: ${error.message}`);
        res.writeHead(500, { "content-type": "application/json" }).end('{"code":"500"}');
      },
    );
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`floor listening on 127.0.0.1:${process.env.PORT}`));
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
