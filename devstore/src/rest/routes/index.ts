import type { RouteDef } from "../route";
import { categoryRoutes } from "./categories";
import { cmsBlockRoutes, cmsPageRoutes } from "./cms";
import { customerExtraRoutes } from "./customer-extras";
import { customerRoutes } from "./customers";
import { productRoutes } from "./products";
import { orderDocumentRoutes } from "./order-documents";
import { salesExtraRoutes } from "./sales-extras";
import { salesRoutes } from "./sales";
import { storeRoutes } from "./store";

/** The dev store's one route table: routing, ACL, the schema and the /swagger page all read it. */
export const ROUTES: readonly RouteDef[] = [
  ...productRoutes,
  ...categoryRoutes,
  ...customerRoutes,
  ...customerExtraRoutes,
  ...salesRoutes,
  ...salesExtraRoutes,
  ...orderDocumentRoutes,
  ...cmsPageRoutes,
  ...cmsBlockRoutes,
  ...storeRoutes,
];
