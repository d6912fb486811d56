/**
 * The Advanced Reporting data link (magento/magento2 app/code/Magento/Analytics/etc/webapi.xml, resource
 * Magento_Analytics::analytics_api): where Magento BI downloads the store's encrypted report archive.
 */
import { createHash } from "node:crypto";
import type { RouteDef } from "../route.ts";

export const analyticsRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/analytics/link",
    service: "analyticsLinkProviderV1",
    operation: "get",
    aclResource: "Magento_Analytics::analytics_api",
    summary: "The URL and initialization vector of the store's analytics archive",
    returns: "{url, initialization_vector}",
    handler: (ctx) => {
      const hash = createHash("sha256").update(ctx.baseUrl).digest("hex").slice(0, 32);
      return {
        url: `${ctx.baseUrl}media/analytics/${hash}/data.tgz`,
        initialization_vector: Buffer.from(hash.slice(0, 16)).toString("base64"),
      };
    },
  },
];
