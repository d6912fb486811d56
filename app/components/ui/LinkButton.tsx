import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "./Button";

export interface LinkButtonProps {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: "normal" | "small";
  /** Plain <a> for routes that must not be prefetched or are outside the app. */
  external?: boolean;
  "aria-label"?: string;
}

/** A link styled as a button: navigation stays a link for assistive technology. */
export function LinkButton({
  href,
  children,
  variant = "secondary",
  size = "normal",
  external,
  ...aria
}: LinkButtonProps) {
  const className = buttonClass(variant, size);
  if (external) {
    return (
      <a href={href} className={className} {...aria}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className} prefetch={false} {...aria}>
      {children}
    </Link>
  );
}
