/**
 * A web API phrase with its parameters filled in (`%1` from a list, `%name` from an object): a synchronous call
 * answers the template and the parameters apart, but the consumer stores the rendered message in
 * `magento_operation.result_message` (OperationProcessor keeps `$e->getMessage()`).
 */
export function renderPlaceholders(template: string, params: Record<string, unknown> | unknown[] | undefined): string {
  if (params === undefined) return template;
  const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  if (Array.isArray(params))
    return template.replace(/%(\d+)/g, (all, n: string) =>
      Number(n) - 1 < params.length ? text(params[Number(n) - 1]) : all,
    );
  return template.replace(/%([A-Za-z_]\w*)/g, (all, n: string) => (n in params ? text(params[n]) : all));
}
