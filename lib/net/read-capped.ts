/**
 * A body read with a bound: a request the app receives (app/_kit/request.ts) or a response it gets from an address
 * a user supplied (the developer portal). `.text()` and `.json()` hold the whole body in memory however large it
 * is: one large body was enough to end the server (a portal answering gigabytes crashed it). The body is read
 * chunk by chunk and counted; past `maxBytes` the stream is cancelled, so the rest is never read. The signed
 * REST client has its own capped reader with the store's error wording (lib/magento/fetch-exchange.ts).
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string | null> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
