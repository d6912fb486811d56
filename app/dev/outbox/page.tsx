import { notFound } from "next/navigation";
import { Card, EmptyState, PageHeader } from "@/app/components/ui";
import { door } from "@/app/_kit";
import { linkParts } from "./link-parts";

export const metadata = { title: "Dev outbox" };
export const dynamic = "force-dynamic";

/** Development only: the mail the app would have sent (no SMTP server configured). 404 everywhere else. */
export default async function OutboxPage() {
  const mails = await (await door()).mail.outbox();
  if (!mails) notFound();
  return (
    <div className="stack">
      <PageHeader
        title="Dev outbox"
        description="No SMTP server is configured, so the app keeps its mail here instead of sending it. Set SMTP_URL to send real mail."
      />
      {mails.length === 0 ? <EmptyState title="No mail yet" /> : null}
      {mails.map((m) => (
        <Card key={m.id} title={m.subject}>
          <p className="muted">
            To <span className="mono">{m.to}</span> · {m.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC
          </p>
          <pre data-testid="outbox-text">
            {linkParts(m.text).map((p, i) =>
              p.kind === "link" ? (
                <a key={i} href={p.text}>
                  {p.text}
                </a>
              ) : (
                p.text
              ),
            )}
          </pre>
        </Card>
      ))}
    </div>
  );
}
