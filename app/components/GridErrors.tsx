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

/** Hidden inputs that keep sort and page size when the filter form is submitted (page resets to 1). */
export function KeepSortAndSize({ sort, dir, size, isDefaultSort, isDefaultSize }: { sort: string; dir: string; size: number; isDefaultSort: boolean; isDefaultSize: boolean }) {
  return (
    <>
      {isDefaultSort ? null : (
        <>
          <input type="hidden" name="sort" value={sort} />
          <input type="hidden" name="dir" value={dir} />
        </>
      )}
      {isDefaultSize ? null : <input type="hidden" name="size" value={size} />}
    </>
  );
}
