import type { CmsBlock, CmsPage, IdKind } from "../../data/index.ts";
import { badRequest, cmsBlockNotFound, cmsPageNotFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { nowText, rejectUnknownKeys, requireObject, toBool, toStr } from "./input.ts";

const PAGE_KEYS = new Set([
  "id",
  "identifier",
  "title",
  "page_layout",
  "meta_title",
  "meta_keywords",
  "meta_description",
  "content_heading",
  "content",
  "creation_time",
  "update_time",
  "sort_order",
  "layout_update_xml",
  "custom_theme",
  "custom_root_template",
  "active",
  "is_active",
  "store_id",
]);
const BLOCK_KEYS = new Set([
  "id",
  "identifier",
  "title",
  "content",
  "creation_time",
  "update_time",
  "active",
  "is_active",
  "store_id",
]);

interface CmsKind<T extends CmsPage | CmsBlock> {
  base: string;
  param: string;
  service: string;
  acl: string;
  wrapper: "page" | "block";
  keys: ReadonlySet<string>;
  className: string;
  label: string;
  notFound: (id: string) => Error;
  duplicate: string;
  map: (ctx: RouteContext) => Map<number, T>;
  counter: IdKind;
  blank: (id: number, now: string) => T;
}

function cmsId(raw: string, notFound: (id: string) => Error): number {
  if (!/^\d+$/.test(raw)) throw notFound(raw);
  return Number(raw);
}

function apply<T extends CmsPage | CmsBlock>(
  kind: CmsKind<T>,
  ctx: RouteContext,
  record: T,
  input: Record<string, unknown>,
): void {
  rejectUnknownKeys(input, kind.keys, kind.className);
  for (const [key, value] of Object.entries(input)) {
    if (key === "id" || key === "creation_time" || key === "update_time" || key === "store_id") continue;
    // Rendered as `active` (isActive getter); accepted as `active` or `is_active` (setIsActive setter).
    if (key === "active" || key === "is_active") record.active = toBool(value);
    else (record as Record<string, unknown>)[key] = toStr(value);
  }
  for (const other of kind.map(ctx).values()) {
    if (other.id !== record.id && other.identifier === record.identifier) throw badRequest(kind.duplicate);
  }
}

const PAGE_COLUMNS = columns([
  "page_id",
  "title",
  "page_layout",
  "meta_title",
  "meta_keywords",
  "meta_description",
  "identifier",
  "content_heading",
  "content",
  "creation_time",
  "update_time",
  "is_active",
  "sort_order",
  "layout_update_xml",
  "custom_theme",
  "custom_root_template",
  "custom_theme_from",
  "custom_theme_to",
  "store_id",
]);
const BLOCK_COLUMNS = columns([
  "block_id",
  "title",
  "identifier",
  "content",
  "creation_time",
  "update_time",
  "is_active",
  "store_id",
]);

/** cms_page / cms_block (flat): the id column is page_id / block_id, the active flag is_active; store_id filters through the store link table. */
function cmsSearch<T extends CmsPage | CmsBlock>(kind: CmsKind<T>): SearchableEntity<T> {
  const idColumn = kind.wrapper === "page" ? "page_id" : "block_id";
  return {
    name: kind.wrapper === "page" ? "cmsPages" : "cmsBlocks",
    storage: "flat",
    table: kind.wrapper === "page" ? "cms_page" : "cms_block",
    rows: (d) => (kind.wrapper === "page" ? d.cmsPages : d.cmsBlocks).values() as Iterable<T>,
    fields: () => (kind.wrapper === "page" ? PAGE_COLUMNS : BLOCK_COLUMNS),
    read: (r, f) =>
      f === idColumn
        ? r.id
        : f === "is_active"
          ? r.active
            ? 1
            : 0
          : f === "store_id"
            ? [0, 1, 2]
            : readRecordField(r as unknown as Record<string, unknown>, f),
  };
}

function cmsRoutes<T extends CmsPage | CmsBlock>(kind: CmsKind<T>): RouteDef[] {
  const search = cmsSearch(kind);
  const body = [
    {
      name: kind.wrapper,
      type: "object" as const,
      required: true,
      description: `${kind.label}: identifier, title, content, active, …`,
    },
  ];
  const get = (ctx: RouteContext, name: string): T => {
    const raw = ctx.params[name] ?? "";
    const r = kind.map(ctx).get(cmsId(raw, kind.notFound));
    if (!r) throw kind.notFound(raw);
    return r;
  };
  const create = (ctx: RouteContext, input: Record<string, unknown>): T => {
    if (input.identifier === undefined || input.identifier === "") throw requiredField("identifier");
    if (input.title === undefined || input.title === "") throw requiredField("title");
    const record = kind.blank(ctx.data.nextId(kind.counter), nowText(ctx.now));
    apply(kind, ctx, record, input);
    kind.map(ctx).set(record.id, record);
    return record;
  };
  return [
    {
      method: "GET",
      path: `${kind.base}/search`,
      service: kind.service,
      operation: "getList",
      aclResource: kind.acl,
      summary: `Retrieve ${kind.label}s matching the specified criteria`,
      searchCriteria: true,
      returns: `{items: ${kind.label}[], search_criteria, total_count}`,
      handler: (ctx) => ctx.search(search),
    },
    {
      method: "GET",
      path: `${kind.base}/:${kind.param}`,
      service: kind.service,
      operation: "getById",
      aclResource: kind.acl,
      summary: `Retrieve a ${kind.label}`,
      returns: kind.label,
      handler: (ctx) => get(ctx, kind.param),
    },
    {
      method: "POST",
      path: kind.base,
      service: kind.service,
      operation: "save",
      aclResource: kind.acl,
      summary: `Create a ${kind.label} (or update it when id is given)`,
      body,
      returns: kind.label,
      handler: (ctx) => {
        const input = requireObject(ctx.body, kind.wrapper);
        if (input.id !== undefined && input.id !== null) {
          const existing = kind.map(ctx).get(cmsId(toStr(input.id), kind.notFound));
          if (!existing) throw kind.notFound(toStr(input.id));
          apply(kind, ctx, existing, input);
          existing.update_time = nowText(ctx.now);
          return existing;
        }
        return create(ctx, input);
      },
    },
    {
      method: "PUT",
      path: `${kind.base}/:id`,
      service: kind.service,
      operation: "save",
      aclResource: kind.acl,
      summary: `Update a ${kind.label}`,
      body,
      returns: kind.label,
      handler: (ctx) => {
        const record = get(ctx, "id");
        apply(kind, ctx, record, requireObject(ctx.body, kind.wrapper));
        record.update_time = nowText(ctx.now);
        return record;
      },
    },
    {
      method: "DELETE",
      path: `${kind.base}/:${kind.param}`,
      service: kind.service,
      operation: "deleteById",
      aclResource: kind.acl,
      summary: `Delete a ${kind.label} by ID`,
      returns: "true",
      handler: (ctx) => {
        const record = get(ctx, kind.param);
        kind.map(ctx).delete(record.id);
        return true;
      },
    },
  ];
}

export const cmsPageRoutes = cmsRoutes<CmsPage>({
  base: "/V1/cmsPage",
  param: "pageId",
  service: "cmsPageRepositoryV1",
  acl: "Magento_Cms::page",
  wrapper: "page",
  keys: PAGE_KEYS,
  className: "Magento\\Cms\\Api\\Data\\PageInterface",
  label: "CMS page",
  notFound: cmsPageNotFound,
  duplicate: "A page URL key for specified store already exists.",
  map: (ctx) => ctx.data.cmsPages,
  counter: "cmsPage",
  blank: (id, now) => ({
    id,
    identifier: "",
    title: "",
    page_layout: "1column",
    meta_title: "",
    meta_keywords: "",
    meta_description: "",
    content_heading: "",
    content: "",
    creation_time: now,
    update_time: now,
    sort_order: "0",
    active: true,
  }),
});

export const cmsBlockRoutes = cmsRoutes<CmsBlock>({
  base: "/V1/cmsBlock",
  param: "blockId",
  service: "cmsBlockRepositoryV1",
  acl: "Magento_Cms::block",
  wrapper: "block",
  keys: BLOCK_KEYS,
  className: "Magento\\Cms\\Api\\Data\\BlockInterface",
  label: "CMS block",
  notFound: cmsBlockNotFound,
  duplicate: "A block identifier with the same properties already exists in the selected store.",
  map: (ctx) => ctx.data.cmsBlocks,
  counter: "cmsBlock",
  blank: (id, now) => ({
    id,
    identifier: "",
    title: "",
    content: "",
    creation_time: now,
    update_time: now,
    active: true,
  }),
});
