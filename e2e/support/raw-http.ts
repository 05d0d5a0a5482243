import net from "node:net";

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * One keep-alive HTTP/1.1 connection driven by hand, for what fetch hides: several requests on the
 * same socket, bodies framed by the test (chunked, cut short), and whether the server closed it.
 * Write errors are ignored: a server may close while the test is still sending.
 */
export class RawConnection {
  private buffered = Buffer.alloc(0);
  private isClosed = false;
  private wake: (() => void) | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.wake?.();
    });
    socket.on("close", () => {
      this.isClosed = true;
      this.wake?.();
    });
    socket.on("error", () => undefined);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  write(data: string | Buffer): void {
    if (!this.socket.destroyed) this.socket.write(data);
  }

  /** Sends a chunked body of `size` bytes (`fill` repeated), in 64 KB chunks, then its last chunk. */
  writeChunked(size: number, fill: Buffer = Buffer.from(" ")): void {
    const chunk = Buffer.alloc(64 * 1024, fill);
    for (let sent = 0; sent < size; sent += chunk.length) {
      const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
      this.write(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]));
    }
    this.write("0\r\n\r\n");
  }

  /** The next response on the connection, or "closed" when the server closes it first. */
  async nextResponse(): Promise<RawResponse | "closed"> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.isClosed) return "closed";
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Whether the server has closed the connection (waits for it, after a response that said so). */
  async closed(): Promise<boolean> {
    while (!this.isClosed) await new Promise<void>((resolve) => (this.wake = resolve));
    return true;
  }

  end(): void {
    this.socket.destroy();
  }

  private parse(): RawResponse | undefined {
    const headEnd = this.buffered.indexOf("\r\n\r\n");
    if (headEnd < 0) return undefined;
    const [statusLine, ...lines] = this.buffered.toString("latin1", 0, headEnd).split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let at = headEnd + 4;
    let body: Buffer;
    if (headers["transfer-encoding"] === "chunked") {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = this.buffered.indexOf("\r\n", at);
        if (lineEnd < 0) return undefined;
        const size = Number.parseInt(this.buffered.toString("latin1", at, lineEnd), 16);
        if (this.buffered.length < lineEnd + 2 + size + 2) return undefined;
        parts.push(this.buffered.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers["content-length"] ?? "0");
      if (this.buffered.length < at + length) return undefined;
      body = this.buffered.subarray(at, at + length);
      at += length;
    }
    this.buffered = this.buffered.subarray(at);
    return { status: Number(statusLine!.split(" ")[1]), headers, body: body.toString("utf8") };
  }
}
