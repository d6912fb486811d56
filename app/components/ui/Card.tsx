import type { ReactNode } from "react";

export interface CardProps {
  title?: ReactNode;
  /** Heading level of the title; pages use h1 in PageHeader so cards default to h2. */
  level?: 2 | 3;
  children: ReactNode;
  className?: string;
  id?: string;
}

export function Card({ title, level = 2, children, className, id }: CardProps) {
  const Heading = level === 2 ? "h2" : "h3";
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      className={["card", className].filter(Boolean).join(" ")}
      id={id}
      aria-labelledby={title && headingId ? headingId : undefined}
    >
      {title ? (
        <Heading className="card__title" id={headingId}>
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
