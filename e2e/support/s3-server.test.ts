import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3RVER_KEYS, startS3Server, type TestS3Server } from "./s3-server";

let s3: TestS3Server;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client({ region: s3.config.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: S3RVER_KEYS });
});
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

const put = (key: string) => client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.from(key) }));
const remove = (key: string) => client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));

describe("the tests' S3 server", () => {
  it("writes a key while the last other key of its folder is deleted, as S3 does", async () => {
    // s3rver alone removes the emptied folder under the write, which then fails outside any request.
    for (let round = 0; round < 40; round += 1) {
      const folder = `race/${round}`;
      await put(`${folder}/old`);
      await Promise.all([remove(`${folder}/old`), put(`${folder}/new`)]);
    }
    const keys = await s3.listKeys("race/");
    expect(keys).toEqual(Array.from({ length: 40 }, (_, round) => `race/${round}/new`).sort());
  });
});
