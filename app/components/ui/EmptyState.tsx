import type { ReactNode } from "react";

export function EmptyState({
  title,
  children,
  action,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state" role="status">
      <h2>{title}</h2>
      {children ? <div>{children}</div> : null}
      {action ? (
        <div className="form-actions" style={{ justifyContent: "center" }}>
          {action}
        </div>
      ) : null}
    </div>
  );
}
