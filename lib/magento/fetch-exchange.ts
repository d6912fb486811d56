/**
 * The exchange over an injected fetch (tests, custom transports). The body is read chunk by chunk from
 * response.body and counted; past the limit the stream is cancelled, so the rest is never read.
 */
import { declaredTooLarge, timeoutError, tooLarge, utf8Text, type Exchange, type ExchangeResponse } from "./exchange";

async function readCapped(response: Response, maxBytes: number, onTooLarge: (received: number) => Error): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw onTooLarge(bytes);
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return utf8Text(chunks, bytes);
}

export function fetchExchange(fetchFn: typeof fetch): Exchange {
  return async (req) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timeoutError(req.timeoutMs)), req.timeoutMs);
    try {
      const response = await fetchFn(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        redirect: "manual", // a followed redirect changes the signed URL, and POST may turn into GET
        signal: controller.signal,
      });
      // fetch has already decoded any Content-Encoding, so Content-Length (the encoded size) only counts when there was none
      const declared = declaredTooLarge(response.headers.get("content-length"), response.headers.get("content-encoding"), req.maxBytes);
      if (declared !== undefined) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge(req, response.status, 0, declared);
      }
      const text = await readCapped(response, req.maxBytes, (received) => tooLarge(req, response.status, received));
      const result: ExchangeResponse = {
        status: response.status,
        header: (name) => response.headers.get(name),
        headers: response.headers,
        text,
      };
      return result;
    } finally {
      clearTimeout(timer);
    }
  };
}
