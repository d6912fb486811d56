/**
 * The storage interfaces behave the same on SQLite and PostgreSQL: the conformance suite
 * (storage-conformance.suite.ts) on each database this run covers.
 */
import { PROVIDERS, freshDatabase } from "../../../tests/helpers/databases";
import { describeStorageConformance } from "./storage-conformance.suite";

for (const provider of PROVIDERS) describeStorageConformance(provider, () => freshDatabase(provider));
