/**
 * Optional AI features, off unless AI_BASE_URL (an OpenAI-compatible endpoint) is set:
 * - interpret: a natural-language question → a category and keywords;
 * - summarize: a plain-language summary of a service.
 * Every call goes through the "ai" breaker with a timeout, and each feature has a non-AI fallback
 * (the needs vocabulary; a summary assembled from the record), so nothing fails or hangs on AI.
 * Search itself never calls AI.
 */
import {
  analyzeQuery,
  CATEGORIES,
  type Category,
  type DirectoryService,
  isCategory,
  type Locale,
} from "../../../shared/directory/index.js";
import type { Breaker } from "../../core/breaker.js";
import type { Config } from "../../core/config.js";
import { postJson } from "../resilience/upstream-http.js";
import { plainSummary } from "./plain-summary.js";

export interface AiSettings {
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export function aiSettingsFromConfig(config: Config): AiSettings {
  return {
    baseUrl: config.AI_BASE_URL ?? null,
    apiKey: config.AI_API_KEY ?? null,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
  };
}

export interface Interpretation {
  category: Category | null;
  keywords: string[];
  source: "ai" | "vocabulary";
}

interface ChatResponse {
  choices?: Array<{ message?: { content?: string } }>;
}

export class Assistant {
  constructor(
    private readonly settings: AiSettings,
    private readonly breaker: Breaker,
  ) {}

  get enabled(): boolean {
    return this.settings.baseUrl !== null;
  }

  private async chat(system: string, user: string, json: boolean): Promise<string> {
    const headers: Record<string, string> = this.settings.apiKey
      ? { authorization: `Bearer ${this.settings.apiKey}` }
      : {};
    const res = await postJson<ChatResponse>(
      this.breaker,
      `${this.settings.baseUrl}/chat/completions`,
      {
        model: this.settings.model,
        temperature: 0,
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
        ...(json ? { response_format: { type: "json_object" } } : {}),
      },
      headers,
    );
    const content = res?.choices?.[0]?.message?.content;
    if (typeof content !== "string" || content.trim() === "")
      throw new Error("empty answer from the AI provider");
    return content;
  }

  async interpret(question: string): Promise<Interpretation> {
    const analysis = analyzeQuery(question);
    const fallback: Interpretation = {
      category: analysis.categories[0] ?? null,
      keywords: analysis.tokens,
      source: "vocabulary",
    };
    if (!this.enabled) return fallback;
    try {
      const answer = await this.chat(
        `You route people to community services in Ontario. Reply with JSON {"category": one of ${CATEGORIES.join(", ")}, "keywords": up to 6 short English or French search words}.`,
        question,
        true,
      );
      const parsed = JSON.parse(answer) as { category?: unknown; keywords?: unknown };
      const category = isCategory(parsed.category) ? parsed.category : fallback.category;
      const keywords = Array.isArray(parsed.keywords)
        ? parsed.keywords
            .filter((k): k is string => typeof k === "string" && k.length > 0 && k.length < 60)
            .slice(0, 6)
        : [];
      return { category, keywords: keywords.length ? keywords : fallback.keywords, source: "ai" };
    } catch {
      return fallback;
    }
  }

  async summarize(
    service: DirectoryService,
    locale: Locale,
  ): Promise<{ summary: string; source: "ai" | "record" }> {
    const fallback = { summary: plainSummary(service, locale), source: "record" as const };
    if (!this.enabled) return fallback;
    try {
      const facts = plainSummary(service, locale);
      const summary = await this.chat(
        `Rewrite these facts about a community service as two or three short, plain sentences in ${locale === "fr" ? "French" : "English"}. Add nothing that is not in the facts.`,
        facts,
        false,
      );
      return { summary: summary.trim().slice(0, 1200), source: "ai" };
    } catch {
      return fallback;
    }
  }
}
