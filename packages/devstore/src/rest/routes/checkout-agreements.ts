/** Terms and conditions shown at checkout (magento/magento2 app/code/Magento/CheckoutAgreements/etc/webapi.xml, anonymous). */
import type { RouteDef } from "../route.ts";

const AGREEMENTS = [
  {
    agreement_id: 1,
    name: "Terms and Conditions",
    content: "<p>By placing an order you agree to our terms of sale, shipping and returns policy.</p>",
    content_height: null,
    checkbox_text: "I agree to the Terms and Conditions",
    is_active: true,
    is_html: true,
    mode: 1,
  },
];

export const checkoutAgreementRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/carts/licence",
    service: "checkoutAgreementsCheckoutAgreementsRepositoryV1",
    operation: "getList",
    aclResource: "anonymous",
    summary: "Active checkout agreements",
    returns: "Agreement[]",
    handler: () => AGREEMENTS,
  },
];
