import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

export function Badge({ tone = "neutral", children, title }: { tone?: BadgeTone; children: ReactNode; title?: string }) {
  return (
    <span className={`badge badge--${tone}`} title={title}>
      {children}
    </span>
  );
}

const STATE_LABELS: Record<string, string> = {
  active: "Active",
  needs_reauthorization: "Needs reauthorization",
  revoked: "Revoked",
  failed: "Failed",
  pending: "Pending",
  exchanging: "Exchanging tokens",
};

/** Badge for an installation state (active, needs_reauthorization, revoked, failed, pending, exchanging). */
export function StateBadge({ state }: { state: string }) {
  const known = Object.hasOwn(STATE_LABELS, state);
  return <span className={`badge badge--${known ? state : "neutral"}`}>{STATE_LABELS[state] ?? state}</span>;
}
