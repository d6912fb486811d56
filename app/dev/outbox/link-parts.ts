/** A mail's plain text cut into text and web addresses (http/https only), so the outbox can make the links work. */
export type MailPart = { kind: "text" | "link"; text: string };

const ADDRESS = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

export function linkParts(text: string): MailPart[] {
  return text
    .split(ADDRESS)
    .map((part, i): MailPart => ({ kind: i % 2 === 1 ? "link" : "text", text: part }))
    .filter((p) => p.text !== "");
}
