import { bulkFormStateSchema, type BulkFormState } from "@magento-integration/sync/bulk-client";

/**
 * Posts the bulk edit form to its upload route (app/api/stores/[id]/bulk/route.ts) and reads the answer: the
 * page's next state, whatever the status (the route answers every refusal as `{ error }`). XMLHttpRequest, not
 * fetch: the app's code never calls the global fetch (eslint.config.mjs), and this is the browser's own request.
 */
export function postUpload(installationId: string, data: FormData): Promise<BulkFormState> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/stores/${encodeURIComponent(installationId)}/bulk`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = undefined;
      }
      const state = bulkFormStateSchema.safeParse(parsed);
      resolve(
        state.success
          ? state.data
          : {
              error: `The app answered ${xhr.status} without saying why: try again in a moment. Nothing was submitted.`,
            },
      );
    };
    xhr.onerror = () =>
      resolve({ error: "The upload did not reach the app (network): check the connection and try again." });
    xhr.send(data);
  });
}
