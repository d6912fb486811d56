import type { ReactNode } from "react";
import { describeStoreState, type CellTone } from "@/lib/dashboard/client";

/** The badge colours (one list: grid cells name them too, lib/dashboard/grid-spec.ts). */
export type BadgeTone = CellTone;

export function Badge({
  tone = "neutral",
  children,
  title,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span className={`badge badge--${tone}`} title={title}>
      {children}
    </span>
  );
}

/** Badge for an installation's state, in the words of the state table (lib/dashboard/store-state.ts). */
export function StateBadge({ state, failureReason = null }: { state: string; failureReason?: string | null }) {
  const v = describeStoreState({ state, failureReason });
  return (
    <span className={`badge badge--${v.tone}`} data-state={v.key}>
      {v.label}
    </span>
  );
}
