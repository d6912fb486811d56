/** Adobe Commerce-only records: gift card accounts, gift wrapping, returns (RMA), store credit, reward points. */

export type GiftCardAccount = {
  id: number;
  code: string;
  balance: number;
  website_id: number;
  state: "available" | "used" | "redeemed" | "expired";
  date_expires?: string;
};

export type GiftWrapping = {
  wrapping_id: number;
  design: string;
  status: number;
  base_price: number;
  image_name?: string;
  website_ids: number[];
  base_currency_code: string;
};

export type RmaItem = {
  entity_id: number;
  rma_entity_id: number;
  order_item_id: number;
  qty_requested: number;
  qty_authorized: number;
  qty_approved: number;
  qty_returned: number;
  reason: string;
  condition: string;
  resolution: string;
  status: string;
};

export type RmaComment = {
  comment_id: number;
  rma_entity_id: number;
  comment: string;
  is_customer_notified: boolean;
  is_visible_on_front: boolean;
  status: string;
  created_at: string;
  is_admin: boolean;
};

export type RmaTrack = { entity_id: number; rma_entity_id: number; track_number: string; carrier_code: string; carrier_title: string };

export type Rma = {
  increment_id: string;
  entity_id: number;
  order_id: number;
  order_increment_id: string;
  store_id: number;
  customer_id: number;
  date_requested: string;
  customer_custom_email: string;
  items: RmaItem[];
  status: string;
  comments: RmaComment[];
  tracks: RmaTrack[];
};

export type GiftRegistry = {
  entity_id: number;
  customer_id: number;
  title: string;
  event_date: string;
  shipping_address: { country_id: string; region_id: number; postcode: string; city: string };
};
