import type { RouteDef } from "../route.ts";
import { analyticsRoutes } from "./analytics.ts";
import { attributeSetRoutes } from "./attribute-sets.ts";
import { backendRoutes } from "./backend.ts";
import { bundleProductRoutes } from "./bundle-products.ts";
import { catalogAttributeRoutes } from "./catalog-attributes.ts";
import { categoryRoutes } from "./categories.ts";
import { checkoutAgreementRoutes } from "./checkout-agreements.ts";
import { checkoutRoutes } from "./checkout.ts";
import { cmsBlockRoutes, cmsPageRoutes } from "./cms.ts";
import { customerBalanceRoutes } from "./commerce/customer-balance.ts";
import { gatewayRoutes } from "./commerce/gateway.ts";
import { giftCardAccountRoutes } from "./commerce/gift-card-account.ts";
import { giftRegistryRoutes } from "./commerce/gift-registry.ts";
import { giftWrappingRoutes } from "./commerce/gift-wrapping.ts";
import { rewardRoutes } from "./commerce/reward.ts";
import { rmaRoutes } from "./commerce/rma.ts";
import { configurableProductRoutes } from "./configurable-products.ts";
import { couponRoutes } from "./coupons.ts";
import { creditMemoRoutes } from "./creditmemos.ts";
import { customerAccountRoutes } from "./customer-accounts.ts";
import { customerAddressRoutes } from "./customer-addresses.ts";
import { customerGroupRoutes } from "./customer-groups.ts";
import { customerMetadataRoutes } from "./customer-metadata.ts";
import { customerRoutes } from "./customers.ts";
import { directoryRoutes } from "./directory.ts";
import { downloadableRoutes } from "./downloadable.ts";
import { eavRoutes } from "./eav.ts";
import { giftMessageRoutes } from "./gift-message.ts";
import { integrationRoutes } from "./integration.ts";
import { inventoryRoutes } from "./inventory.ts";
import { invoiceRoutes } from "./invoices.ts";
import { orderDocumentRoutes } from "./order-documents.ts";
import { orderRoutes } from "./orders.ts";
import { productLinkRoutes } from "./product-links.ts";
import { productMediaRoutes } from "./product-media.ts";
import { productOptionRoutes } from "./product-options.ts";
import { productPriceRoutes } from "./product-prices.ts";
import { productRenderRoutes } from "./product-render.ts";
import { productRoutes } from "./products.ts";
import { productWebsiteRoutes } from "./product-websites.ts";
import { quoteCartRoutes } from "./quote-carts.ts";
import { quoteCouponRoutes } from "./quote-coupons.ts";
import { quoteItemRoutes } from "./quote-items.ts";
import { quotePaymentRoutes } from "./quote-payment.ts";
import { quoteShippingRoutes } from "./quote-shipping.ts";
import { quoteTotalsRoutes } from "./quote-totals.ts";
import { salesRuleRoutes } from "./sales-rules.ts";
import { searchRoutes } from "./search.ts";
import { shipmentRoutes } from "./shipments.ts";
import { storeRoutes } from "./store.ts";
import { bulkStatusRoutes } from "./bulk-status.ts";
import { taxRoutes } from "./tax.ts";
import { transactionRoutes } from "./transactions.ts";

/**
 * The dev store's one route table: routing, ACL, the schema and the /swagger page all read it. Grouped by Magento
 * module, in the order of docs/spec/endpoint-catalogue.md; routes marked `edition: "commerce"` exist only in the
 * Commerce edition (`--edition commerce`).
 */
export const ROUTES: readonly RouteDef[] = [
  // Commerce-only modules
  ...customerBalanceRoutes,
  ...giftCardAccountRoutes,
  ...giftRegistryRoutes,
  ...giftWrappingRoutes,
  ...rewardRoutes,
  ...rmaRoutes,
  ...gatewayRoutes,
  // Open-source modules
  ...analyticsRoutes,
  ...bulkStatusRoutes,
  ...backendRoutes,
  ...bundleProductRoutes,
  ...productRoutes,
  ...productRenderRoutes,
  ...catalogAttributeRoutes,
  ...attributeSetRoutes,
  ...productMediaRoutes,
  ...productPriceRoutes,
  ...categoryRoutes,
  ...productOptionRoutes,
  ...productLinkRoutes,
  ...productWebsiteRoutes,
  ...inventoryRoutes,
  ...checkoutRoutes,
  ...checkoutAgreementRoutes,
  ...cmsPageRoutes,
  ...cmsBlockRoutes,
  ...configurableProductRoutes,
  ...customerGroupRoutes,
  ...customerMetadataRoutes,
  ...customerRoutes,
  ...customerAccountRoutes,
  ...customerAddressRoutes,
  ...directoryRoutes,
  ...downloadableRoutes,
  ...eavRoutes,
  ...giftMessageRoutes,
  ...integrationRoutes,
  ...quoteCartRoutes,
  ...quoteShippingRoutes,
  ...quoteItemRoutes,
  ...quotePaymentRoutes,
  ...quoteCouponRoutes,
  ...quoteTotalsRoutes,
  ...orderRoutes,
  ...orderDocumentRoutes,
  ...invoiceRoutes,
  ...creditMemoRoutes,
  ...shipmentRoutes,
  ...transactionRoutes,
  ...salesRuleRoutes,
  ...couponRoutes,
  ...searchRoutes,
  ...storeRoutes,
  ...taxRoutes,
];
