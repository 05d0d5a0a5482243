import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret, signedHeaders } from "./signing";

describe("Standard Webhooks signing", () => {
  const body = JSON.stringify([{ event: "created", entity: "Exercise", data: { id: 1, name: "Squat" } }]);
  const timestamp = Math.floor(Date.now() / 1000);

  it("is verified by the standardwebhooks library", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const headers = signedHeaders({ id: "d1", timestamp, body, secrets: [secret] });
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("signs with both secrets during a rotation, each verifiable on its own", () => {
    const current = generateWebhookSecret();
    const previous = generateWebhookSecret();
    const headers = signedHeaders({ id: "d2", timestamp, body, secrets: [current, previous] });
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it("fails verification when the body or id changes", () => {
    const secret = generateWebhookSecret();
    const headers = signedHeaders({ id: "d3", timestamp, body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "d4" })).toThrow();
  });
});
