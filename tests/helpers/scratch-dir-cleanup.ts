/**
 * A setup file (vitest.config.ts): after each test file, the temporary folders it made through
 * scratchDir are removed. Hooks run in reverse order, so this one runs after the file's own
 * afterAll has closed the servers and stores that used them.
 */
import { afterAll } from "vitest";
import { removeScratchDirs } from "./scratch-dir.js";

afterAll(removeScratchDirs);
