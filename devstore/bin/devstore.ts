#!/usr/bin/env -S npx tsx
// `devstore` binary of the workspace: the same CLI as `npm run devstore`.
import "../src/main";
