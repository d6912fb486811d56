import { z } from "zod";
import {
  ENTITY_NAMES,
  entityChoices,
  exportEntity,
  ExportUsageError,
  exportOptionsSchema,
  filterGroupsOf,
  type Entity,
  type ExportSpec,
} from "@/lib/exports/options";
import { exportNdjson, specOf } from "@/lib/exports/run";
import { exportBudgetAllows } from "@/lib/exports/budget";
import { EXPORT_JOB, exportJobOptions } from "@/lib/jobs/kinds";
import type { ExportRecord } from "@magento-integration/storage";
import { describeStoreState } from "@/lib/dashboard/store-state";
import type { KitCore } from "./core";

export interface ExportView {
  id: string;
  entity: Entity;
  fields: string;
  state: ExportRecord["state"];
  rows: number;
  total: number | null;
  percent: number | null;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
}

/** The dashboard form and the command line: entity, optional fields, filter lines, page size. */
export const exportRequestSchema = z.object({
  entity: z.enum(ENTITY_NAMES, { message: `Choose ${entityChoices()}` }),
  fields: z.string().trim().max(2000).optional(),
  /** One filter term per line: field:condition:value, `|` between alternatives. */
  filters: z.array(z.string().max(1000)).max(20).default([]),
  pageSize: z.coerce.number().int().min(1).max(300).default(200),
});

/** Exports of one store queued or running at once: each is bounded (EXPORT_MAX_CHARS), their number too. */
export const MAX_OPEN_EXPORTS = 3;

export type StartExport = { ok: true; exportId: string } | { ok: false; field?: string; error: string };

function view(r: ExportRecord): ExportView {
  const spec = specOf(r);
  return {
    id: r.id,
    entity: spec.entity,
    fields: spec.fields,
    state: r.state,
    rows: r.rows,
    total: r.total,
    percent: r.total ? Math.min(100, Math.round((r.rows / r.total) * 100)) : r.state === "done" ? 100 : null,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    error: r.error,
  };
}

/** Exports as jobs (lib/jobs/kinds/export.ts): started from the dashboard or `npm run export`, read back as NDJSON. */
export function exportVerbs(core: KitCore) {
  /** The installation when the user may see it; `null` user: the command line (any installation). */
  const allowed = (installationId: string, userId: string | null) =>
    userId === null
      ? core.storage.installations.byId(installationId)
      : core.storage.installations.forUser(installationId, userId);

  return {
    async start(installationId: string, userId: string | null, input: unknown): Promise<StartExport> {
      const req = exportRequestSchema.safeParse(input);
      if (!req.success) {
        const issue = req.error.issues[0];
        return { ok: false, field: String(issue?.path[0] ?? "form"), error: issue?.message ?? "Invalid export" };
      }
      const inst = await allowed(installationId, userId);
      if (!inst) return { ok: false, error: "No such store for this account." };
      if (!inst.accessTokenEnc)
        return { ok: false, error: "This store has no access token yet: finish Activate in the store admin." };
      // a store that refused its token (revoked, integration deleted…): the export would fail at its first page
      const state = describeStoreState(inst);
      if (state.key !== "active")
        return {
          ok: false,
          error: `${state.title}. ${state.action.kind === "none" ? state.detail : state.action.text}`,
        };
      const open = (await core.storage.exports.listForInstallation(inst.id, 20)).filter(
        (x) => x.state === "queued" || x.state === "running",
      );
      if (open.length >= MAX_OPEN_EXPORTS) {
        return {
          ok: false,
          error: `This store already has ${open.length} exports running or waiting; start another once one of them is done.`,
        };
      }
      // a budget already spent: say so now instead of starting an export that stops at its first page
      const budget = await exportBudgetAllows(core.storage, core.env.exportBudgets, userId, 1);
      if (!budget.ok) return { ok: false, error: budget.reason };
      let spec: ExportSpec;
      try {
        const parsed = exportOptionsSchema.safeParse({
          entity: req.data.entity,
          fields: req.data.fields || exportEntity(req.data.entity).fields,
          filterGroups: filterGroupsOf(req.data.filters),
          pageSize: req.data.pageSize,
        });
        if (!parsed.success)
          return {
            ok: false,
            field: String(parsed.error.issues[0]?.path[0] ?? "form"),
            error: parsed.error.issues[0]?.message ?? "Invalid export",
          };
        spec = parsed.data;
      } catch (e) {
        if (e instanceof ExportUsageError) return { ok: false, field: "filters", error: e.message };
        throw e;
      }
      const record = await core.storage.exports.create({
        installationId: inst.id,
        requestedBy: userId,
        entity: spec.entity,
        options: JSON.stringify(spec),
      });
      await core.send(EXPORT_JOB, { exportId: record.id }, exportJobOptions(record.id, inst.id, inst.store.baseUrl));
      return { ok: true, exportId: record.id };
    },

    async list(installationId: string, userId: string): Promise<ExportView[] | null> {
      const inst = await allowed(installationId, userId);
      if (!inst) return null;
      return (await core.storage.exports.listForInstallation(inst.id, 20)).map(view);
    },

    async get(exportId: string, installationId: string, userId: string | null): Promise<ExportView | null> {
      const inst = await allowed(installationId, userId);
      const r = inst ? await core.storage.exports.byId(exportId) : null;
      return r && r.installationId === inst?.id ? view(r) : null;
    },

    /** The export's NDJSON pages in order (what is written so far; the download waits for `done`). */
    pages: (exportId: string, fromPage = 1) => exportNdjson(core.storage, exportId, fromPage),
  };
}
