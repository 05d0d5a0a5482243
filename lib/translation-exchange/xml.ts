/**
 * XML text for XLIFF content. Characters XML 1.0 cannot carry (C0 controls other than tab and line
 * feed, U+FFFE, U+FFFF) become XLIFF's `<cp hex="…"/>`; a carriage return is written as a character
 * reference so that parsers do not fold it into a line feed.
 */
export function escapeXmlText(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === "&") out += "&amp;";
    else if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === "\r") out += "&#13;";
    else if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0xfffe || code === 0xffff) out += `<cp hex="${code.toString(16).toUpperCase().padStart(4, "0")}"/>`;
    else out += char;
  }
  return out;
}

/** An attribute value (double-quoted); characters XML cannot carry are dropped (attributes hold ids and labels only). */
export function escapeXmlAttribute(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;");
}
