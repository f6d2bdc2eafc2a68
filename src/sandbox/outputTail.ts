/**
 * A bounded record of a stream: its last `limit` bytes and how many came in all. A test run can print megabytes;
 * an agent needs the end (the failures and the summary), and to be told that the start was cut.
 */
export class OutputTail {
  private chunks: Buffer[] = [];
  private held = 0;
  private total = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.byteLength;
    this.chunks.push(chunk);
    this.held += chunk.byteLength;
    while (this.held - this.chunks[0].byteLength >= this.limit) this.held -= this.chunks.shift()!.byteLength;
  }

  /** The kept text; `truncated` says the start was dropped, `totalBytes` how much there was. */
  result(): { readonly text: string; readonly truncated: boolean; readonly totalBytes: number } {
    let buf = Buffer.concat(this.chunks);
    if (buf.byteLength > this.limit) buf = buf.subarray(buf.byteLength - this.limit);
    // Cut at a character boundary: skip UTF-8 continuation bytes the cut left at the start.
    let start = 0;
    if (buf.byteLength < this.total) while (start < buf.byteLength && (buf[start] & 0xc0) === 0x80) start++;
    return { text: buf.subarray(start).toString('utf8'), truncated: buf.byteLength < this.total, totalBytes: this.total };
  }
}
