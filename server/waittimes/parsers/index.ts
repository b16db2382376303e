/** Parser per source id: the feed format each provincial publisher uses. */
import { parseAlbertaFeed } from "./alberta.js";
import { parseBritishColumbiaFeed } from "./british-columbia.js";
import { parseOntarioFeed } from "./ontario.js";
import { parseQuebecFeed } from "./quebec.js";
import type { ParseResult } from "./types.js";

export type FeedParser = (text: string, now?: number) => ParseResult;

export const PARSERS: Record<string, FeedParser> = {
  "alberta-ahs": parseAlbertaFeed,
  "bc-phsa": parseBritishColumbiaFeed,
  "quebec-msss": parseQuebecFeed,
  "ontario-health": parseOntarioFeed,
};

export const SOURCE_IDS = Object.keys(PARSERS);
