/** Payment transactions (magento/magento2 app/code/Magento/Sales/etc/webapi.xml, resource Magento_Sales::transactions). */
import type { StoreData, Transaction } from "../../data/index.ts";
import { requireDocument } from "../sales/documents.ts";
import type { RouteDef } from "../route.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { intParam } from "./input.ts";

const TRANSACTIONS = "Magento_Sales::transactions";

/** A transaction with its children (the transactions whose parent it is), as the repository loads it. */
function render(data: StoreData, t: Transaction): Transaction {
  return {
    ...t,
    child_transactions: [...data.transactions.values()]
      .filter((c) => c.parent_id === t.transaction_id)
      .map((c) => ({ ...c, child_transactions: [] })),
  };
}

const TRANSACTION_SEARCH: SearchableEntity<Transaction> = {
  name: "transactions",
  storage: "flat",
  table: "sales_payment_transaction",
  rows: (d) => d.transactions.values(),
  fields: () =>
    columns([
      "transaction_id",
      "parent_id",
      "order_id",
      "payment_id",
      "txn_id",
      "parent_txn_id",
      "txn_type",
      "is_closed",
      "created_at",
    ]),
  read: (t, f) => readRecordField(t as unknown as Record<string, unknown>, f),
};

export const transactionRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/transactions",
    service: "salesTransactionRepositoryV1",
    operation: "getList",
    aclResource: TRANSACTIONS,
    summary: "Payment transactions matching the criteria",
    searchCriteria: true,
    returns: "{items: Transaction[], search_criteria, total_count}",
    handler: (ctx) => {
      const r = ctx.search(TRANSACTION_SEARCH);
      return { ...r, items: r.items.map((t) => render(ctx.data, t)) };
    },
  },
  {
    method: "GET",
    path: "/V1/transactions/:id",
    service: "salesTransactionRepositoryV1",
    operation: "get",
    aclResource: TRANSACTIONS,
    summary: "A payment transaction",
    returns: "Transaction",
    handler: (ctx) => render(ctx.data, requireDocument(ctx.data.transactions, intParam(ctx.params, "id"))),
  },
];
