import { badRequest } from "../errors.ts";

/** AccountManagement::checkPasswordStrength with Magento's defaults: 8 characters, 3 character classes. */
export function checkPasswordStrength(password: string): void {
  if (password.length < 8)
    throw badRequest("The password needs at least %1 characters. Create a new password and try again.", [8]);
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 3)
    throw badRequest(
      "Minimum of different classes of characters in password is %1. Classes of characters: Lower Case, Upper Case, Digits, Special Characters.",
      [3],
    );
  if (password.trim() !== password)
    throw badRequest("The password can't begin or end with a space. Verify the password and try again.");
}
