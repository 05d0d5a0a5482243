import { describe, expect, it } from "vitest";
import { assertReceiverUrl, isNonPublicAddress, parseReceiverUrl, ReceiverAddressError } from "./address-policy";

describe("isNonPublicAddress", () => {
  it.each([
    "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
    "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1",
    "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "ff02::1", "not-an-ip",
  ])("refuses %s", (address) => expect(isNonPublicAddress(address)).toBe(true));

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) =>
    expect(isNonPublicAddress(address)).toBe(false),
  );
});

describe("receiver URLs", () => {
  it.each([
    ["ftp://example.com/hook", "must use http or https"],
    ["not a url", "must be an absolute http(s) URL"],
    ["https://user:pw@example.com/hook", "must not contain credentials; authenticate the request by its signature"],
    ["https://example.com/hook#x", "must not contain a fragment"],
  ])("refuses %s by syntax", (url, message) => {
    expect(() => parseReceiverUrl(url)).toThrow(new ReceiverAddressError(message));
  });

  const resolver = (map: Record<string, string[]>) => async (host: string) => {
    const addresses = map[host];
    if (!addresses) throw new Error("ENOTFOUND");
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  const resolve = resolver({ "hooks.example.com": ["93.184.216.34"], "sneaky.example.com": ["93.184.216.34", "10.0.0.5"], "v6.example.com": ["::1"] });

  it.each([
    ["http://127.0.0.1:8080/hook", "127.0.0.1 is a private, loopback or link-local address"],
    ["http://[::1]/hook", "::1 is a private, loopback or link-local address"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254 is a private, loopback or link-local address"],
    ["https://sneaky.example.com/hook", "sneaky.example.com resolves to 10.0.0.5, a private, loopback or link-local address"],
    ["https://v6.example.com/hook", "v6.example.com resolves to ::1, a private, loopback or link-local address"],
    ["https://nowhere.example.com/hook", "the host name nowhere.example.com does not resolve"],
  ])("refuses %s by address", async (url, message) => {
    await expect(assertReceiverUrl(url, { allowPrivate: false, resolve })).rejects.toThrow(new ReceiverAddressError(message));
  });

  it("accepts public hosts, and private ones when allowed", async () => {
    await expect(assertReceiverUrl("https://hooks.example.com/in", { allowPrivate: false, resolve })).resolves.toBeInstanceOf(URL);
    await expect(assertReceiverUrl("http://127.0.0.1:9/in", { allowPrivate: true, resolve })).resolves.toBeInstanceOf(URL);
  });
});
