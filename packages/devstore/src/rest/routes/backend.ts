/** The enabled modules (magento/magento2 app/code/Magento/Backend/etc/webapi.xml, resource Magento_Backend::admin). */
import { MODULES } from "../../data/index.ts";
import type { RouteDef } from "../route.ts";

export const backendRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/modules",
    service: "backendModuleServiceV1",
    operation: "getModules",
    aclResource: "Magento_Backend::admin",
    summary: "Returns an array of enabled modules",
    returns: "string[]",
    handler: () => MODULES,
  },
];
