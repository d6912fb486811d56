/**
 * The payment methods the dev store offers (Magento's offline methods and Braintree cards, with their default
 * titles; Braintree takes its sandbox's test nonces, `fake-valid-nonce`, in additional_data). A cart whose
 * grand total is zero can only use "No Payment Information Required" (`free`), as Magento's zero-total validator
 * decides.
 */
export type PaymentMethod = { code: string; title: string };

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { code: "checkmo", title: "Check / Money order" },
  { code: "braintree", title: "Credit Card (Braintree)" },
  { code: "banktransfer", title: "Bank Transfer Payment" },
  { code: "cashondelivery", title: "Cash On Delivery" },
  { code: "purchaseorder", title: "Purchase Order" },
];

const FREE: PaymentMethod = { code: "free", title: "No Payment Information Required" };

export function availableMethods(grandTotal: number): PaymentMethod[] {
  return grandTotal <= 0 ? [FREE] : [...PAYMENT_METHODS];
}

export function methodTitle(code: string): string {
  return [...PAYMENT_METHODS, FREE].find((m) => m.code === code)?.title ?? code;
}
