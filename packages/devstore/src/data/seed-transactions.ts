/**
 * Payment transactions (GET /V1/transactions): card-paid orders have an authorization, a capture per invoice
 * and a refund per credit memo, chained by parent transaction ids as Magento's sales_payment_transaction is.
 */
import type { CreditMemo, Invoice, Order, Transaction } from "./types.ts";

export function seedTransactions(orders: readonly Order[], invoices: readonly Invoice[], memos: readonly CreditMemo[]): Transaction[] {
  const out: Transaction[] = [];
  const invoicesByOrder = new Map<number, Invoice[]>();
  for (const i of invoices) invoicesByOrder.set(i.order_id, [...(invoicesByOrder.get(i.order_id) ?? []), i]);
  const memosByOrder = new Map<number, CreditMemo[]>();
  for (const m of memos) memosByOrder.set(m.order_id, [...(memosByOrder.get(m.order_id) ?? []), m]);
  for (const o of orders) {
    if (o.payment.method !== "braintree") continue;
    const txn = (type: Transaction["txn_type"], created: string, parent?: Transaction): Transaction => {
      const id = out.length + 1;
      const t: Transaction = {
        transaction_id: id,
        order_id: o.entity_id,
        payment_id: o.payment.entity_id,
        txn_id: `${(o.entity_id * 7919 + id * 104729).toString(36)}${type === "authorization" ? "" : `-${type}`}`,
        txn_type: type,
        is_closed: type === "authorization" ? 0 : 1,
        additional_information: [],
        created_at: created,
        child_transactions: [],
      };
      if (parent) {
        t.parent_id = parent.transaction_id;
        t.parent_txn_id = parent.txn_id;
      }
      out.push(t);
      return t;
    };
    const auth = txn("authorization", o.created_at);
    for (const inv of invoicesByOrder.get(o.entity_id) ?? []) {
      const capture = txn("capture", inv.created_at, auth);
      auth.is_closed = 1;
      for (const memo of memosByOrder.get(o.entity_id) ?? []) if (memo.invoice_id === inv.entity_id) txn("refund", memo.created_at, capture);
    }
  }
  return out;
}
