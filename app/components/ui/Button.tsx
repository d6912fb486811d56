import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

export function buttonClass(variant: ButtonVariant = "primary", size: "normal" | "small" = "normal"): string {
  const classes = ["btn"];
  if (variant !== "primary") classes.push(`btn--${variant}`);
  if (size === "small") classes.push("btn--small");
  return classes.join(" ");
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "normal" | "small";
}

/** A native button (type="submit" unless told otherwise, so it works in server-action forms without JS). */
export function Button({ variant = "primary", size = "normal", className, type = "submit", ...rest }: ButtonProps) {
  return <button type={type} className={[buttonClass(variant, size), className].filter(Boolean).join(" ")} {...rest} />;
}
