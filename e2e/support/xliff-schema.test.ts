import { describe, expect, it } from "vitest";
import { checkXliff21 } from "./xliff-schema";

const doc = (body: string, root = 'version="2.1" srcLang="en" trgLang="de"') =>
  `<?xml version="1.0"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:mda="urn:oasis:names:tc:xliff:metadata:2.0" ${root}>${body}</xliff>`;
const unit = (inner = '<segment state="translated"><source>Hi</source><target>Hallo</target></segment>', id = "u1") => `<unit id="${id}">${inner}</unit>`;

describe("the XLIFF 2.1 structural checker", () => {
  it("accepts a conforming document with metadata, notes, groups and code points", () => {
    const body = `<file id="f"><group id="g"><unit id="u1"><mda:metadata><mda:metaGroup category="source"><mda:meta type="sha256">ab</mda:meta></mda:metaGroup></mda:metadata><notes><note category="field">Title</note></notes><segment state="initial"><source xml:space="preserve">A<cp hex="0001"/></source></segment></unit></group><group id="empty"/></file>`;
    expect(checkXliff21(doc(body))).toEqual([]);
  });

  it.each([
    ["a missing srcLang", doc(`<file id="f">${unit()}</file>`, 'version="2.1" trgLang="de"'), "/xliff: required attribute srcLang is missing"],
    ["a wrong version", doc(`<file id="f">${unit()}</file>`, 'version="1.2" srcLang="en" trgLang="de"'), '/xliff: version="1.2" is not a valid value'],
    ["a file without units", doc(`<file id="f"></file>`), "/xliff/file[@id=f]: children (none) do not match the schema's content model"],
    ["notes after a segment", doc(`<file id="f">${unit('<segment><source>a</source></segment><notes><note>x</note></notes>')}</file>`), "/xliff/file[@id=f]/unit[@id=u1]: children (segment, notes) do not match the schema's content model"],
    ["an id that is no NMTOKEN", doc(`<file id="f">${unit(undefined, "a b")}</file>`), '/xliff/file[@id=f]/unit[@id=a b]: id="a b" is not a valid value'],
    ["a duplicate unit id", doc(`<file id="f">${unit()}${unit()}</file>`), "/xliff/file[@id=f]/unit[@id=u1]: id u1 is not unique among the file's units and groups"],
    ["an unknown state", doc(`<file id="f">${unit('<segment state="done"><source>a</source></segment>')}</file>`), '/xliff/file[@id=f]/unit[@id=u1]/segment: state="done" is not a valid value'],
    ["a target without trgLang", doc(`<file id="f">${unit()}</file>`, 'version="2.1" srcLang="en"'), "/xliff: trgLang is required when a target is present"],
    ["text directly in a unit", doc(`<file id="f">${unit('loose<segment><source>a</source></segment>')}</file>`), "/xliff/file[@id=f]/unit[@id=u1]: text is not allowed here"],
  ])("refuses %s", (_case, document, problem) => {
    expect(checkXliff21(document)).toContain(problem);
  });
});
