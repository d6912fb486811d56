/** Placeholder while a grid loads from the store; `compact`: a few lines inside a card that is already there. */
export function GridSkeleton({ label, compact = false }: { label: string; compact?: boolean }) {
  if (compact)
    return (
      <div role="status" aria-live="polite" aria-busy="true">
        <p className="visually-hidden">Loading {label} from the store…</p>
        <div aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="skeleton" style={{ width: `${90 - (i % 2) * 25}%` }} />
          ))}
        </div>
      </div>
    );
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <p className="visually-hidden">Loading {label} from the store…</p>
      <div className="card" aria-hidden="true">
        <div className="skeleton" style={{ width: "40%", height: "1.5rem" }} />
        <div className="skeleton" style={{ width: "90%" }} />
      </div>
      <div className="card" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="skeleton" style={{ width: `${95 - (i % 3) * 10}%` }} />
        ))}
      </div>
      <p className="muted" aria-hidden="true">
        Loading {label} from the store…
      </p>
    </div>
  );
}
