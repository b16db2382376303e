#!/usr/bin/env node
// The `chc` command: runs the TypeScript CLI through tsx so no separate build step is needed.
import { register } from "tsx/esm/api";

register();
const { buildCli } = await import("../server/cli.ts");
try {
  await buildCli().parseAsync(process.argv);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
