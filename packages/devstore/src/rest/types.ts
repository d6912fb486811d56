/**
 * Contract between the dev store's REST layer (routes, data, searchCriteria, fields, schema) and its
 * auth layer (OAuth verification, bearer tokens, integrations). The auth layer never sees routes; the
 * REST layer never verifies a signature.
 */

/** Who is calling, as the auth layer established it. */
export type Caller =
  | { kind: "integration"; integrationId: number; consumerId: number; resources: "all" | string[] }
  | { kind: "admin"; username: string }
  | { kind: "customer"; customerId: number }
  | { kind: "guest" };

/** The raw request as the HTTP server saw it; `rawUrl` is REQUEST_URI (path + query, escapes as sent). */
export interface RawRestRequest {
  method: string;
  rawUrl: string;
  headers: Record<string, string | string[] | undefined>;
  /** Raw body text (JSON for REST; form bodies are parsed by the auth layer when it signs). */
  body: string;
}

export interface RestResponse {
  status: number;
  headers?: Record<string, string>;
  /** Serialised as JSON unless `rawBody` is set. */
  body?: unknown;
  rawBody?: string;
}

/**
 * Thrown anywhere in REST handling; rendered as Magento's `{message, parameters}` body with `status`.
 * `message` keeps its placeholders (%1, %name) unsubstituted, exactly like Magento.
 */
export class RestError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly parameters?: Record<string, unknown> | unknown[],
    public readonly errors?: { message: string; parameters?: Record<string, unknown> | unknown[] }[],
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    const body: Record<string, unknown> = { message: this.message };
    if (this.errors) body.errors = this.errors;
    if (this.parameters !== undefined) body.parameters = this.parameters;
    return body;
  }
}

/** What the auth layer gives the REST layer: establish the caller of one request (throws RestError). */
export type Authenticate = (req: RawRestRequest) => Promise<Caller> | Caller;
