import { buildQuery, searchCriteriaToQuery, type SearchCriteria } from "@magento-integration/client";

/** Shows developers the exact list request a page made: path, searchCriteria and fields. */
export function RequestDetails({
  method = "GET",
  path,
  criteria,
  fields,
  durationMs,
}: {
  method?: string;
  path: string;
  criteria?: SearchCriteria;
  fields?: string;
  durationMs?: number;
}) {
  const pairs: Array<[string, string]> = [
    ...(criteria ? searchCriteriaToQuery(criteria) : []),
    ...(fields ? ([["fields", fields]] as Array<[string, string]>) : []),
  ];
  return (
    <details className="card">
      <summary>Request sent to the store{durationMs !== undefined ? ` (${Math.round(durationMs)} ms)` : ""}</summary>
      <pre>
        {method} /rest{path}
        {pairs.length ? `?${buildQuery(pairs)}` : ""}
        {"\n\n"}
        {pairs.map(([k, v]) => `${k} = ${v}`).join("\n")}
      </pre>
    </details>
  );
}
