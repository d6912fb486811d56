/**
 * The exchange over an injected fetch (tests, custom transports). The body is read with the kit's bounded reader
 * (packages/client/src/net/read-capped.ts): past the limit the stream is cancelled, so the rest is never read.
 */
import { readChunksCapped } from "../net/read-capped.ts";
import {
  declaredTooLarge,
  timeoutError,
  tooLarge,
  utf8Text,
  type Exchange,
  type ExchangeResponse,
} from "./exchange.ts";

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
      const declared = declaredTooLarge(
        response.headers.get("content-length"),
        response.headers.get("content-encoding"),
        req.maxBytes,
      );
      if (declared !== undefined) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge(req, response.status, 0, declared);
      }
      const read = await readChunksCapped(response.body, req.maxBytes);
      if ("tooLarge" in read) throw tooLarge(req, response.status, read.tooLarge);
      const text = utf8Text(read.chunks, read.bytes);
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
