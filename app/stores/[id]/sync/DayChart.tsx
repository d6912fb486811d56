/** Changes delivered and parked per hour over the last 24 h, as small bars (an image with a text alternative). */
export function DayChart({ hours }: { hours: ReadonlyArray<{ hour: string; delivered: number; parked: number }> }) {
  const max = Math.max(1, ...hours.map((h) => h.delivered + h.parked));
  const delivered = hours.reduce((n, h) => n + h.delivered, 0);
  const parked = hours.reduce((n, h) => n + h.parked, 0);
  const w = 10;
  const height = 48;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={`Last 24 hours: ${delivered} changes delivered, ${parked} parked`}
        viewBox={`0 0 ${hours.length * w} ${height}`}
        preserveAspectRatio="none"
        width="100%"
        height={height}
      >
        {hours.map((h, i) => {
          const dh = (h.delivered / max) * height;
          const ph = (h.parked / max) * height;
          return (
            <g key={h.hour}>
              <rect x={i * w + 1} y={height - dh - ph} width={w - 2} height={dh} fill="var(--color-success, #2e7d32)" />
              <rect x={i * w + 1} y={height - ph} width={w - 2} height={ph} fill="var(--color-danger, #c62828)" />
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">
        Last 24 h: {delivered} delivered, {parked} parked
      </figcaption>
    </figure>
  );
}
