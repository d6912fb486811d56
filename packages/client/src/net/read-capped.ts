/**
 * A body read with a bound: a request the app receives (app/_kit/request.ts), a response from an address a user
 * supplied (the developer portal) and the REST client's responses (packages/client/src/magento/fetch-exchange.ts). `.text()` and
 * `.json()` hold the whole body in memory however large it is: one large body was enough to end the server (a
 * portal answering gigabytes crashed it). The body is read chunk by chunk and counted; past `maxBytes` the stream
 * is cancelled, so the rest is never read.
 */

/** The body's chunks and their byte count, or `tooLarge` (the bytes received so far) once it passed maxBytes. */
export type CappedChunks = { chunks: Buffer[]; bytes: number } | { tooLarge: number };

export async function readChunksCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<CappedChunks> {
  if (!body) return { chunks: [], bytes: 0 };
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: bytes };
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return { chunks, bytes };
}

/** The body as UTF-8 text, or null when it passed maxBytes. */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string | null> {
  const read = await readChunksCapped(body, maxBytes);
  return "tooLarge" in read ? null : Buffer.concat(read.chunks, read.bytes).toString("utf8");
}

/** Why a body was not read whole: longer than allowed, or still arriving when its time was up. */
export type BodyRefusal = "too large" | "too slow";

/**
 * The body's bytes, read up to `maxBytes` and within `withinMs` (a sender that drips a byte a second holds a
 * connection and its buffer open as long as it likes otherwise). Past either bound the stream is cancelled.
 */
export async function readBytesWithin(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  withinMs: number,
): Promise<{ bytes: Buffer } | { refused: BodyRefusal }> {
  if (!body) return { bytes: Buffer.alloc(0) };
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), withinMs);
  });
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === "late") {
        await reader.cancel().catch(() => undefined);
        return { refused: "too slow" };
      }
      if (next.done) return { bytes: Buffer.concat(chunks, bytes) };
      bytes += next.value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { refused: "too large" };
      }
      chunks.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    }
  } finally {
    clearTimeout(timer);
  }
}
