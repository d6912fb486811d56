/** Reads a 2xx body: JSON for REST (Magento answers application/json), text for the swagger page. */
import { MagentoApiError } from "./errors.ts";

export function parseSuccessBody(
  text: string,
  contentType: string | null,
  url: string,
  method: string,
  status: number,
): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch (err) {
    const html = (contentType ?? "").includes("html") || /^\s*</.test(text);
    throw new MagentoApiError({
      status,
      template: html ? "The store answered an HTML page instead of JSON" : "The store answered a body that is not JSON",
      code: "bad_response",
      hint: html
        ? "The URL probably reached the storefront, not the REST API: check the store base URL (index.php/, store code)."
        : undefined,
      url,
      method,
      body: text.slice(0, 4000),
      cause: err,
    });
  }
}
