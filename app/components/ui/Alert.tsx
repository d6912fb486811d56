import type { ReactNode } from "react";

export type AlertTone = "info" | "success" | "warning" | "error";

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Errors are announced assertively (role=alert); everything else politely (role=status). */
  role?: "alert" | "status";
  id?: string;
}

export function Alert({ tone = "info", title, children, role, id }: AlertProps) {
  const effectiveRole = role ?? (tone === "error" ? "alert" : "status");
  return (
    <div className={`alert alert--${tone}`} role={effectiveRole} id={id}>
      {title ? <p className="alert__title">{title}</p> : null}
      {children}
    </div>
  );
}
