// Runs once before any browser test file: builds the web app if its sources changed, so the test
// files (two at a time) never race to write the same dist/web.
import { ensureWebBuilt } from "./build";

export default function setup(): void {
  ensureWebBuilt();
}
