/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests */
/**
 * Orders through their documents: invoice, ship, refund (whole or per invoice), comments, tracks, capture and void,
 * payment transactions, and the order's state after each step.
 */
import { describe, expect, it } from "vitest";
import { ADMIN, criteria, harness } from "../../../tests/helpers/devstore-rest-harness";

describe("order documents", () => {
  it("a new order: invoice → ship with a track → refund → closed, with comments on each document", async () => {
    const h = harness();
    h.as(ADMIN);
    const order = [...h.data.orders.values()].find((o) => o.state === "new" && o.items.length >= 2)!;
    const [first, second] = order.items;
    const invoiceId = (
      await h.call("POST", `/rest/V1/order/${order.entity_id}/invoice`, {
        capture: true,
        items: [{ order_item_id: first!.item_id, qty: first!.qty_ordered }],
      })
    ).json;
    expect((await h.get(`/rest/V1/orders/${order.entity_id}/statuses`)).json).toBe("processing");
    // More than was ordered is refused by the shipment validator.
    expect(
      (
        await h.call("POST", `/rest/V1/order/${order.entity_id}/ship`, {
          items: [{ order_item_id: second!.item_id, qty: second!.qty_ordered + 1 }],
        })
      ).json.message,
    ).toBe("Shipment Document Validation Error(s):\nThe order does not allow a shipment to be created.");
    await h.call("POST", `/rest/V1/order/${order.entity_id}/invoice`);
    const shipmentId = (
      await h.call("POST", `/rest/V1/order/${order.entity_id}/ship`, {
        tracks: [{ track_number: "1Z999", title: "UPS", carrier_code: "ups" }],
      })
    ).json;
    expect((await h.get(`/rest/V1/orders/${order.entity_id}`)).json.state).toBe("complete");

    const track = (
      await h.call("POST", "/rest/V1/shipment/track", {
        entity: { parent_id: shipmentId, track_number: "1Z998", carrier_code: "ups", title: "UPS" },
      })
    ).json;
    expect((await h.get(`/rest/V1/shipment/${shipmentId}`)).json.tracks.map((t: any) => t.track_number)).toEqual([
      "1Z999",
      "1Z998",
    ]);
    expect((await h.call("DELETE", `/rest/V1/shipment/track/${track.entity_id}`)).json).toBe(true);
    expect(
      (
        await h.call("POST", `/rest/V1/shipment/${shipmentId}/comments`, {
          entity: { comment: "Left at the door", is_visible_on_front: 1 },
        })
      ).json.comment,
    ).toBe("Left at the door");
    expect((await h.get(`/rest/V1/shipment/${shipmentId}/comments`)).json.total_count).toBe(1);
    expect(
      (
        await h.call("POST", "/rest/V1/invoices/comments", {
          entity: { parent_id: invoiceId, comment: "Paid by check" },
        })
      ).json.parent_id,
    ).toBe(invoiceId);
    expect((await h.get(`/rest/V1/invoices/${invoiceId}/comments`)).json.items[0].comment).toBe("Paid by check");

    const memoId = (
      await h.call("POST", `/rest/V1/order/${order.entity_id}/refund`, { arguments: { adjustment_negative: 1 } })
    ).json;
    const memo = (await h.get(`/rest/V1/creditmemo/${memoId}`)).json;
    const o = (await h.get(`/rest/V1/orders/${order.entity_id}`)).json;
    expect(o.state).toBe("closed");
    expect(o.total_refunded).toBe(memo.grand_total);
    expect(memo.grand_total).toBe(Math.round((o.grand_total - 1) * 100) / 100);
    expect((await h.call("POST", `/rest/V1/order/${order.entity_id}/refund`)).json.message).toBe(
      "Creditmemo Document Validation Error(s):\nThe order does not allow a creditmemo to be created.",
    );
    expect((await h.call("PUT", `/rest/V1/creditmemo/${memoId}`)).json.message).toBe("You can not cancel Credit Memo");
    expect(
      (await h.get(`/rest/V1/creditmemos?${criteria({ groups: [[["order_id", String(order.entity_id)]]] })}`)).json
        .total_count,
    ).toBe(1);
  });

  it("an open invoice is captured once; a paid card invoice can be voided, a check one cannot; card orders record transactions", async () => {
    const h = harness();
    h.as(ADMIN);
    const byCard = [...h.data.orders.values()].find((o) => o.state === "new" && o.payment.method === "braintree")!;
    const byCheck = [...h.data.orders.values()].find((o) => o.state === "new" && o.payment.method === "checkmo")!;
    const open = (await h.call("POST", `/rest/V1/order/${byCard.entity_id}/invoice`, { capture: false })).json;
    expect((await h.get(`/rest/V1/invoices/${open}`)).json.state).toBe(1);
    expect((await h.call("POST", `/rest/V1/invoices/${open}/capture`)).status).toBe(200);
    expect((await h.call("POST", `/rest/V1/invoices/${open}/capture`)).json.message).toBe(
      "The invoice can't be captured.",
    );
    const txns = (
      await h.get(`/rest/V1/transactions?${criteria({ groups: [[["order_id", String(byCard.entity_id)]]] })}`)
    ).json.items;
    expect(txns.map((t: any) => t.txn_type)).toEqual(["authorization", "capture"]);
    const auth = (await h.get(`/rest/V1/transactions/${txns[0].transaction_id}`)).json;
    expect(auth.child_transactions.map((t: any) => t.txn_type)).toEqual(["capture"]);
    expect((await h.call("POST", `/rest/V1/invoices/${open}/void`)).json).toBe(true);
    expect((await h.get(`/rest/V1/invoices/${open}`)).json.state).toBe(3);
    const check = (await h.call("POST", `/rest/V1/order/${byCheck.entity_id}/invoice`)).json;
    expect((await h.call("POST", `/rest/V1/invoices/${check}/void`)).json.message).toBe("The invoice can't be voided.");
  });

  it("orders: address edits, emails, raw save", async () => {
    const h = harness();
    h.as(ADMIN);
    const o = h.data.orders.get(10)!;
    const edited = (
      await h.call("PUT", "/rest/V1/orders/10", {
        entity: { entity_id: o.billing_address.entity_id, parent_id: 10, city: "Springfield" },
      })
    ).json;
    expect(edited.city).toBe("Springfield");
    expect((await h.get("/rest/V1/orders/10")).json.billing_address.city).toBe("Springfield");
    expect((await h.call("POST", "/rest/V1/orders/10/emails")).json).toBe(true);
    expect((await h.get("/rest/V1/orders/10/comments")).json.items[0].is_customer_notified).toBe(1);
    const created = (
      await h.call("POST", "/rest/V1/orders/", {
        entity: {
          customer_email: "pos@example.test",
          items: [{ sku: "24-MB01", qty_ordered: 2 }],
          billing_address: {
            firstname: "Pat",
            lastname: "Point",
            city: "Austin",
            country_id: "US",
            street: ["1 Way"],
            postcode: "78701",
            telephone: "5",
          },
          payment: { method: "checkmo" },
        },
      })
    ).json;
    expect(created).toMatchObject({
      state: "new",
      customer_email: "pos@example.test",
      subtotal: 68,
      total_item_count: 1,
    });
    expect((await h.get(`/rest/V1/orders/${created.entity_id}`)).json.increment_id).toBe(created.increment_id);
  });
});
