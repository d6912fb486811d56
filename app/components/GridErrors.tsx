import { Alert } from "./ui/Alert";

/** Filters in the address that were invalid and therefore not sent. */
export function GridErrors({ errors }: { errors: Record<string, string> }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <Alert tone="warning" title="Some filters in the address were ignored">
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
