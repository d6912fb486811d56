import { Alert } from "./ui/Alert";

/** Filters (typed or in a shared link) that were invalid and therefore not sent; each also shows at its input. */
export function GridErrors({ errors }: { errors: Record<string, string> }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <Alert tone="warning" title="Some filters were not applied">
      <ul>
        {entries.map(([k, v]) => (
          <li key={k}>
            <code>{k}</code>: {v}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
