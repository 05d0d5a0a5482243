import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Change feed cursors (docs/decisions/0021): opaque to clients, a position in the feed, where the
 * client's sync began, which database issued it and when, bound to one organization and signed, so a
 * cursor that was altered, made up, or issued to another organization is refused rather than read.
 *
 * Bytes, base64url: version (1) ‖ txid (8, big-endian) ‖ position (8) ‖ origin (8) ‖ database (8) ‖
 * issued at, Unix seconds (4) ‖ HMAC-SHA256 of the organization id and the bytes before it, under a
 * key derived from SECRET_KEY, cut to 10 bytes.
 */
export type FeedPosition = { txid: bigint; position: bigint };
export type ChangeCursor = FeedPosition & {
  /**
   * The oldest transaction still running when the client's sync began (its first page, without
   * `since`): deletions by older transactions were over before the client held anything.
   */
  origin: bigint;
  /** The identity of the database whose transaction ids these are (./database-identity.ts). */
  database: bigint;
  issuedAt: number;
};

/** Where a full sync starts: before every entry. */
export const FEED_START: FeedPosition = { txid: 0n, position: 0n };

const VERSION = 1;
const PAYLOAD_BYTES = 1 + 8 + 8 + 8 + 8 + 4;
const MAC_BYTES = 10;

const keys = new Map<string, Buffer>();

function cursorKey(secretKeyHex: string): Buffer {
  let key = keys.get(secretKeyHex);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", Buffer.from(secretKeyHex, "hex"), Buffer.alloc(0), "fcs change cursor v1", 32));
    keys.set(secretKeyHex, key);
  }
  return key;
}

function mac(payload: Buffer, organizationId: string, secretKeyHex: string): Buffer {
  return createHmac("sha256", cursorKey(secretKeyHex)).update(organizationId).update(payload).digest().subarray(0, MAC_BYTES);
}

export function encodeCursor(cursor: ChangeCursor, organizationId: string, secretKeyHex: string): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(VERSION, 0);
  payload.writeBigUInt64BE(cursor.txid, 1);
  payload.writeBigUInt64BE(cursor.position, 9);
  payload.writeBigUInt64BE(cursor.origin, 17);
  payload.writeBigUInt64BE(cursor.database, 25);
  payload.writeUInt32BE(cursor.issuedAt, 33);
  return Buffer.concat([payload, mac(payload, organizationId, secretKeyHex)]).toString("base64url");
}

/** The cursor `text` names, or undefined when it is not one this service issued to the organization. */
export function decodeCursor(text: string, organizationId: string, secretKeyHex: string): ChangeCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  const bytes = Buffer.from(text, "base64url");
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString("base64url") !== text) return undefined;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (payload.readUInt8(0) !== VERSION || !timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(payload, organizationId, secretKeyHex))) return undefined;
  return {
    txid: payload.readBigUInt64BE(1),
    position: payload.readBigUInt64BE(9),
    origin: payload.readBigUInt64BE(17),
    database: payload.readBigUInt64BE(25),
    issuedAt: payload.readUInt32BE(33),
  };
}

/** Whether `a` comes before `b` in the feed's order. */
export function isBefore(a: FeedPosition, b: FeedPosition): boolean {
  return a.txid < b.txid || (a.txid === b.txid && a.position < b.position);
}
