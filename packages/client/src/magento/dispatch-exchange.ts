/**
 * The exchange over an undici Dispatcher (a Pool per store origin, or the app's guarded Agent), through undici's
 * dispatch API with a handler written here.
 *
 * Why not fetch or undici's request(): fetch builds a WHATWG Request, Headers, a web ReadableStream and an
 * AbortSignal per call (about 60 µs of CPU and most of the garbage per call, measured in bench/), and request()
 * wraps every body in a Node stream. Neither counts bytes. The handler below keeps the chunks in an array,
 * counts them as they arrive and aborts the connection the moment the count passes the limit, and one timer
 * bounds the whole exchange. Redirects are returned, never followed (no redirect interceptor).
 */
import type { Dispatcher } from "undici";
import type { IncomingHttpHeaders } from "node:http";
import { DecodedTooLargeError, decodeBody, decodersFor } from "./decompress.ts";
import {
  declaredTooLarge,
  timeoutError,
  tooLarge,
  utf8Text,
  type Exchange,
  type ExchangeRequest,
  type ExchangeResponse,
} from "./exchange.ts";

function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const v = headers[name];
  return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
}

class DispatchResponse implements ExchangeResponse {
  private built: Headers | undefined;
  constructor(
    readonly status: number,
    private readonly raw: IncomingHttpHeaders,
    readonly text: string,
  ) {}

  header(name: string): string | null {
    return headerValue(this.raw, name);
  }

  get headers(): Headers {
    if (!this.built) {
      const h = new Headers();
      for (const [name, value] of Object.entries(this.raw)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) h.append(name, v);
      }
      this.built = h;
    }
    return this.built;
  }
}

/** One request's handler: collects the body under the byte limit and settles the exchange's promise once. */
class ExchangeHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private failure: Error | undefined;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private settled = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly req: ExchangeRequest,
    private readonly resolve: (r: ExchangeResponse) => void,
    private readonly reject: (e: Error) => void,
  ) {
    this.timer = setTimeout(() => this.fail(timeoutError(req.timeoutMs)), req.timeoutMs);
  }

  /** Ends the exchange with `err`: the request is aborted (now, or as soon as it leaves the pool's queue). */
  private fail(err: Error): void {
    this.failure ??= err;
    if (this.controller && !this.controller.aborted) this.controller.abort(err);
    this.settle(err);
  }

  private settle(outcome: Error | ExchangeResponse): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    if (outcome instanceof Error) this.reject(outcome);
    else this.resolve(outcome);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.failure) controller.abort(this.failure);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200) return; // 1xx: the final response follows
    this.status = statusCode;
    this.headers = headers;
    const declared = declaredTooLarge(
      headerValue(headers, "content-length"),
      headerValue(headers, "content-encoding"),
      this.req.maxBytes,
    );
    if (declared !== undefined) this.fail(tooLarge(this.req, statusCode, 0, declared));
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.failure) return;
    this.bytes += chunk.length;
    if (this.bytes > this.req.maxBytes) return this.fail(tooLarge(this.req, this.status, this.bytes));
    this.chunks.push(chunk);
  }

  /**
   * Settles once the connection is back in its pool. undici hands a keep-alive socket back on the event loop's
   * next check phase (setImmediate, queued after this callback returns); a call made from our continuation before
   * that finds every connection busy and the pool dials a new one, so a sequential caller would hold two. Queued
   * behind undici's immediate, the next call reuses the socket: connections stay at the caller's concurrency.
   */
  private settleAfterRelease(response: ExchangeResponse): void {
    queueMicrotask(() => setImmediate(() => this.settle(response)));
  }

  onResponseEnd(): void {
    if (this.failure) return;
    const decoders = decodersFor(headerValue(this.headers, "content-encoding"));
    if (!decoders)
      return this.settleAfterRelease(
        new DispatchResponse(this.status, this.headers, utf8Text(this.chunks, this.bytes)),
      );
    decodeBody(Buffer.concat(this.chunks, this.bytes), decoders, this.req.maxBytes).then(
      (body) => this.settle(new DispatchResponse(this.status, this.headers, utf8Text([body], body.length))),
      (err: Error) =>
        this.settle(err instanceof DecodedTooLargeError ? tooLarge(this.req, this.status, this.req.maxBytes + 1) : err),
    );
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    this.settle(this.failure ?? err);
  }
}

/** Splits an absolute URL into undici's origin and request target (path and query, sent as they are). */
function originAndPath(url: string): { origin: string; path: string } {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  return slash < 0 ? { origin: url, path: "/" } : { origin: url.slice(0, slash), path: url.slice(slash) };
}

export function dispatchExchange(dispatcher: Dispatcher): Exchange {
  return (req) =>
    new Promise<ExchangeResponse>((resolve, reject) => {
      const { origin, path } = originAndPath(req.url);
      const handler = new ExchangeHandler(req, resolve, reject);
      dispatcher.dispatch(
        {
          origin,
          path,
          method: req.method as Dispatcher.HttpMethod,
          headers: req.headers,
          body: req.body ?? null,
        },
        handler,
      );
    });
}
