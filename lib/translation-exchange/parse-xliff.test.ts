import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors";
import { statusOf } from "@/lib/http/errors";
import { parseXliff } from "./parse-xliff";
import { escapeXmlText } from "./xml";

const HEAD = '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:mda="urn:oasis:names:tc:xliff:metadata:2.0" version="2.1" srcLang="en" trgLang="de">';
const wrap = (units: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${HEAD}<file id="goals"><group id="r.1">${units}</group></file></xliff>`;

function refusal(text: string): unknown {
  try {
    parseXliff(text);
    return "parsed";
  } catch (error) {
    return error instanceof ApiError ? { status: statusOf(error), message: error.message, details: error.details } : error;
  }
}

describe("reading XLIFF", () => {
  it("joins a unit's segments and ignorables, reads the source hash, and turns <cp/> back into characters", () => {
    const file = parseXliff(
      wrap(
        '<unit id="1.name"><mda:metadata><mda:metaGroup><mda:meta type="sha256"> abc </mda:meta></mda:metaGroup></mda:metadata>' +
          '<segment><source>One.</source><target>Eins.</target></segment><ignorable><source> </source></ignorable>' +
          `<segment><source>Two${escapeXmlText("\u0001\r")}</source><target xml:lang="de">Zwei &amp; &lt;drei&gt;</target></segment></unit>` +
          '<unit id="1.description"><segment><source>Open</source></segment></unit>',
      ),
    );
    expect(file).toEqual({
      srcLang: "en",
      trgLang: "de",
      collection: "goals",
      units: [
        { id: "1.name", sourceHash: "abc", source: "One. Two\u0001\r", target: "Eins. Zwei & <drei>" },
        { id: "1.description", sourceHash: undefined, source: "Open", target: null },
      ],
    });
  });

  it.each([
    ["a document type declaration (entity expansion)", `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>${HEAD}</xliff>`, "line 1, column", "a document type declaration is not allowed"],
    ["an undefined entity", wrap('<unit id="1.name"><segment><source>&xxe;</source></segment></unit>'), "1.name", "malformed XML: undefined entity."],
    ["a tag left open", wrap('<unit id="1.name"><segment><source>a</target></segment></unit>'), "1.name", "malformed XML: unexpected close tag."],
    ["inline codes", wrap('<unit id="1.name"><segment><source>a</source><target>a<pc id="1">b</pc></target></segment></unit>'), "1.name", "<pc> inside <target> is not supported; only text and <cp/> are"],
    ["a target in another language", wrap('<unit id="1.name"><segment><source>a</source><target xml:lang="fr">b</target></segment></unit>'), "1.name", "the target is in 'fr', the document's trgLang is 'de'"],
    ["a unit twice", wrap('<unit id="1.name"><segment><source>a</source></segment></unit><unit id="1.name"><segment><source>a</source></segment></unit>'), "1.name", "the unit appears twice"],
    ["XLIFF 1.2", '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"></xliff>', "line 1, column", "the root element must be <xliff> in urn:oasis:names:tc:xliff:document:2.0"],
  ])("refuses %s with a 422 naming where", (_case, text, where, message) => {
    const outcome = refusal(text) as { status: number; message: string; details: { path: string; message: string }[] };
    expect(outcome.status).toBe(422);
    expect(outcome.details).toHaveLength(1);
    expect(outcome.details[0]!.path.startsWith(where)).toBe(true);
    expect(outcome.details[0]!.message).toBe(message);
    expect(outcome.message).toBe(`${outcome.details[0]!.path}: ${message}`);
  });
});
