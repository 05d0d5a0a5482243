import { describe, expect, it } from "vitest";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ArchiveError, assertSafeEntryName, EntryHash, parseHead, parseManifest, verifyEntries, type Manifest } from "./format";

const head = {
  format: ARCHIVE_FORMAT,
  version: ARCHIVE_VERSION,
  exported_at: "2026-11-28T00:00:00.000Z",
  organization: { id: "2b0f6a4e-8c1d-4e3f-9a5b-6c7d8e9f0a1b", code: "demo", name: "Demo", languages: ["en", "de"], default_language: "en" },
  id_ranges: { muscle_groups: { min: 1, max: 15 }, exercises: { min: "0a", max: "ff" } },
};
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const sha = (text: string) => {
  const hash = new EntryHash();
  hash.update(Buffer.from(text));
  return hash.digest();
};
const manifest: Manifest = {
  format: ARCHIVE_FORMAT,
  version: ARCHIVE_VERSION,
  counts: { exercises: 1 },
  entries: [
    { name: "archive.json", size: 2, sha256: sha("{}") },
    { name: "records/exercises/000001.ndjson", size: 3, sha256: sha("{}\n") },
  ],
};

describe("the archive's head and manifest", () => {
  it("reads a head of this format and version", () => {
    expect(parseHead(json(head))).toEqual(head);
  });

  it("refuses a newer format version naming both versions, and anything that is not an archive", () => {
    expect(() => parseHead(json({ ...head, version: 2 }))).toThrow(new ArchiveError("the archive has format version 2; this service reads version 1"));
    expect(() => parseManifest(json({ ...manifest, version: 7 }))).toThrow(new ArchiveError("the archive has format version 7; this service reads version 1"));
    expect(() => parseHead(json({ ...head, format: "zip" }))).toThrow(
      new ArchiveError(`archive.json does not name the format '${ARCHIVE_FORMAT}': not an organization archive`),
    );
    expect(() => parseHead(Buffer.from("{"))).toThrow(new ArchiveError("archive.json is not JSON"));
    expect(() => parseHead(json({ ...head, organization: { ...head.organization, id: "x" } }))).toThrow(ArchiveError);
    expect(() => parseManifest(json({ ...manifest, entries: [{ name: "a", size: 1, sha256: "nothex" }] }))).toThrow(ArchiveError);
  });

  it("accepts entries that match the manifest in name, size and checksum", () => {
    expect(() => verifyEntries(manifest, manifest.entries)).not.toThrow();
  });

  it("names a changed, a missing and an added entry", () => {
    const [first, second] = manifest.entries as [Manifest["entries"][number], Manifest["entries"][number]];
    expect(() => verifyEntries(manifest, [first, { ...second, sha256: sha("[]\n") }])).toThrow(
      new ArchiveError("the checksum of records/exercises/000001.ndjson does not match the manifest: the archive is damaged or was changed"),
    );
    expect(() => verifyEntries(manifest, [first, { ...second, size: 4 }])).toThrow(/^the checksum of records\/exercises\/000001.ndjson/);
    expect(() => verifyEntries(manifest, [first])).toThrow(new ArchiveError("the entry records/exercises/000001.ndjson of the manifest is missing: the archive is truncated"));
    expect(() => verifyEntries(manifest, [first, second, { name: "files/x/original", size: 0, sha256: sha("") }])).toThrow(
      new ArchiveError("the entry files/x/original is not in the manifest"),
    );
    expect(() => verifyEntries({ ...manifest, entries: [first, first] }, [first])).toThrow(new ArchiveError("manifest.json lists an entry twice"));
  });

  it("refuses entry names that could leave their place", () => {
    for (const name of ["../etc/passwd", "/abs", "files/../x", "files//x", "files/./x", ".hidden", ""]) {
      expect(() => assertSafeEntryName(name), name).toThrow(ArchiveError);
    }
    expect(() => assertSafeEntryName("files/media/5f/attempt/720p/segment_001.m4s")).not.toThrow();
  });
});
