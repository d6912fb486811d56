/**
 * An email shown to someone who is not its owner (the identity popup names who holds a store): the first letter
 * of the local part and the whole domain, enough for a merchant to tell "that is my colleague" from "that is not
 * us", without handing a stranger who knows a consumer key the address itself.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}
