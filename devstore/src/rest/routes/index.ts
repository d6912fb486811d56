import type { RouteDef } from "../route";
import { analyticsRoutes } from "./analytics";
import { attributeSetRoutes } from "./attribute-sets";
import { backendRoutes } from "./backend";
import { bundleProductRoutes } from "./bundle-products";
import { catalogAttributeRoutes } from "./catalog-attributes";
import { categoryRoutes } from "./categories";
import { checkoutAgreementRoutes } from "./checkout-agreements";
import { checkoutRoutes } from "./checkout";
import { cmsBlockRoutes, cmsPageRoutes } from "./cms";
import { customerBalanceRoutes } from "./commerce/customer-balance";
import { gatewayRoutes } from "./commerce/gateway";
import { giftCardAccountRoutes } from "./commerce/gift-card-account";
import { giftRegistryRoutes } from "./commerce/gift-registry";
import { giftWrappingRoutes } from "./commerce/gift-wrapping";
import { rewardRoutes } from "./commerce/reward";
import { rmaRoutes } from "./commerce/rma";
import { configurableProductRoutes } from "./configurable-products";
import { couponRoutes } from "./coupons";
import { creditMemoRoutes } from "./creditmemos";
import { customerAccountRoutes } from "./customer-accounts";
import { customerAddressRoutes } from "./customer-addresses";
import { customerGroupRoutes } from "./customer-groups";
import { customerMetadataRoutes } from "./customer-metadata";
import { customerRoutes } from "./customers";
import { directoryRoutes } from "./directory";
import { downloadableRoutes } from "./downloadable";
import { eavRoutes } from "./eav";
import { giftMessageRoutes } from "./gift-message";
import { integrationRoutes } from "./integration";
import { inventoryRoutes } from "./inventory";
import { invoiceRoutes } from "./invoices";
import { orderDocumentRoutes } from "./order-documents";
import { orderRoutes } from "./orders";
import { productLinkRoutes } from "./product-links";
import { productMediaRoutes } from "./product-media";
import { productOptionRoutes } from "./product-options";
import { productPriceRoutes } from "./product-prices";
import { productRenderRoutes } from "./product-render";
import { productRoutes } from "./products";
import { productWebsiteRoutes } from "./product-websites";
import { quoteCartRoutes } from "./quote-carts";
import { quoteCouponRoutes } from "./quote-coupons";
import { quoteItemRoutes } from "./quote-items";
import { quotePaymentRoutes } from "./quote-payment";
import { quoteShippingRoutes } from "./quote-shipping";
import { quoteTotalsRoutes } from "./quote-totals";
import { salesRuleRoutes } from "./sales-rules";
import { searchRoutes } from "./search";
import { shipmentRoutes } from "./shipments";
import { storeRoutes } from "./store";
import { bulkStatusRoutes } from "./bulk-status";
import { taxRoutes } from "./tax";
import { transactionRoutes } from "./transactions";

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
