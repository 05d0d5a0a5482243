import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { toStorableText } from "@/lib/validation";
import { guardedLookup, isNonPublicAddress } from "./address-policy";

export const RESPONSE_EXCERPT_CHARS = 1000;

export type SendResult = { statusCode: number | null; durationMs: number; responseExcerpt: string | null; error: string | null };

/**
 * One POST to a receiver: no redirects followed, a hard timeout over the whole exchange (DNS,
 * connect, answer), the address rule applied to the address actually connected to, and only the
 * first characters of the answer kept.
 */
export function sendRequest(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  signal?: AbortSignal;
}): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(input.url);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  // A literal address is connected to without a lookup, so it is checked here.
  if (!input.allowPrivate && isIP(host) && isNonPublicAddress(host)) {
    return Promise.resolve({ statusCode: null, responseExcerpt: null, error: `refused: ${host} is a private, loopback or link-local address`, durationMs: elapsed() });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      input.signal?.removeEventListener("abort", onAbort);
      resolve({ ...result, durationMs: elapsed() });
    };
    const fail = (error: string) => finish({ statusCode: null, responseExcerpt: null, error });

    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: "POST",
      headers: { ...input.headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(input.body)), "user-agent": "fitness-content-service-webhooks/1" },
      lookup: guardedLookup(input.allowPrivate),
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      fail(`timed out after ${input.timeoutMs % 1000 === 0 ? `${input.timeoutMs / 1000} s` : `${input.timeoutMs} ms`}`);
    }, input.timeoutMs);
    const onAbort = () => {
      request.destroy();
      fail("interrupted: the job was stopped before the receiver answered");
    };
    input.signal?.addEventListener("abort", onAbort, { once: true });
    if (input.signal?.aborted) return onAbort();

    request.on("error", (error: NodeJS.ErrnoException) => {
      const refused = error.name === "ReceiverAddressError";
      fail(refused ? `refused: ${error.message}` : `${error.code ?? error.name}: ${error.message}`);
    });
    request.on("response", (response) => {
      let excerpt = "";
      response.setEncoding("utf8");
      // A receiver may answer anything; what is kept of it must be storable text.
      const done = () => finish({ statusCode: response.statusCode ?? null, responseExcerpt: toStorableText(excerpt.slice(0, RESPONSE_EXCERPT_CHARS)), error: null });
      response.on("data", (chunk: string) => {
        excerpt += chunk;
        if (excerpt.length >= RESPONSE_EXCERPT_CHARS) {
          done();
          response.destroy();
        }
      });
      response.on("end", done);
      response.on("error", done);
      response.on("close", done);
    });
    request.end(input.body);
  });
}
