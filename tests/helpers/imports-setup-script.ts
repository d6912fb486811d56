/**
 * A script that imports scripts/setup.mjs the way `npm run worker` and `npm run db:migrate` do, for
 * tests/unit/codebase/compiled-scripts.test.ts: compiled by scripts/run-ts.mjs, it must run only its own code.
 */
import { migrate } from "../../scripts/setup.mjs";

console.log(`imported migrate: ${typeof migrate}`);
