/**
 * Content-Encoding, decoded the way undici's fetch decodes it (gzip or x-gzip, deflate with or without the zlib
 * wrapper, br; codings applied last-first; any unknown coding leaves the body as it came), but with a ceiling on
 * the decoded size: zlib stops at maxOutputLength, so a small compressed "bomb" never expands past the limit.
 */
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from "node:zlib";
import { KitError } from "../kit-error.ts";

type Decoder = (buf: Buffer, opts: ZlibOptions, cb: (err: Error | null, out: Buffer) => void) => void;

/** The deflate coding is zlib-wrapped by the RFC, but servers also send raw deflate: the first byte tells (CM = 8). */
const deflate: Decoder = (buf, opts, cb) => ((buf[0]! & 0x0f) === 0x08 ? inflate : inflateRaw)(buf, opts, cb);

const DECODERS: Readonly<Record<string, Decoder>> = { gzip: gunzip, "x-gzip": gunzip, deflate, br: brotliDecompress };

/** The decoders for a Content-Encoding value, in the order to apply them; undefined when the body stays as it is. */
export function decodersFor(contentEncoding: string | null): Decoder[] | undefined {
  if (contentEncoding === null) return undefined;
  const codings = contentEncoding
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter((c) => c !== "" && c !== "identity");
  if (codings.length === 0) return undefined;
  const decoders: Decoder[] = [];
  for (let i = codings.length - 1; i >= 0; i--) {
    const d = DECODERS[codings[i]!];
    if (!d) return undefined;
    decoders.push(d);
  }
  return decoders;
}

export class DecodedTooLargeError extends KitError {
  static override readonly brand: string = "DecodedTooLargeError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "response_too_large", ...options });
  }
}

/** Applies the decoders; DecodedTooLargeError when the output would pass maxBytes, a plain Error for a corrupt body. */
export async function decodeBody(raw: Buffer, decoders: readonly Decoder[], maxBytes: number): Promise<Buffer> {
  let buf = raw;
  for (const decode of decoders) {
    buf = await new Promise<Buffer>((resolve, reject) =>
      decode(buf, { maxOutputLength: maxBytes }, (err, out) => {
        if (!err) return resolve(out);
        const code = (err as NodeJS.ErrnoException).code;
        reject(
          code === "ERR_BUFFER_TOO_LARGE"
            ? new DecodedTooLargeError(err.message)
            : new Error(`the store's compressed body is corrupt: ${err.message}`, { cause: err }),
        );
      }),
    );
  }
  return buf;
}
