/**
 * What the replay listener answers besides a capture: its headers (the same on every answer) and
 * its own pages (front page, not found, bad request, unreadable capture), in English and French,
 * or the error envelope for a client that asks for JSON.
 */
import type http from "node:http";

/**
 * `sandbox` without `allow-same-origin` gives every replayed document an opaque origin, so it can
 * never read or write cookies or storage of any origin, and so never the app's, even where replay
 * shares the app's host name (cookies ignore ports). `script-src 'none'` keeps the archived scripts
 * from running at all (inline, external, event handlers and javascript: links alike): no CSP
 * directive Chromium supports stops a page navigating itself, so a script left to run could send the
 * reader's tab, or a frame, to the live site (`location.href = …`, `location.assign`, a script-made
 * link or form). Without scripts only the page's markup can move it, and the rewrite keeps that
 * inside the collection. `allow-scripts` stays in the sandbox only so the browser still follows a
 * page's (rewritten) meta refresh; a popup from a rewritten `target="_blank"` link inherits the
 * sandbox and this CSP. The rest keeps the page's requests on the replay origin.
 */
export const REPLAY_CSP =
  "sandbox allow-scripts allow-forms allow-popups; " +
  "default-src 'self' data: blob:; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; frame-src 'self'; form-action 'self'; base-uri 'self'; object-src 'none'";

/** Headers of every replay answer, whatever its status. */
export function replayHeaders(contentType: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Content-Security-Policy": REPLAY_CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    // A sandboxed page's origin is opaque, so its fonts and module scripts are cross-origin
    // requests to the replay; the archive is public and no answer depends on credentials.
    "Access-Control-Allow-Origin": "*",
  };
}

export interface Bilingual {
  en: string;
  fr: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(title: Bilingual, text: Bilingual, appUrl: string | null): string {
  const back = appUrl
    ? `<p><a href="${escapeHtml(`${appUrl}archive`)}">Back to the archive</a> · <a lang="fr" href="${escapeHtml(`${appUrl}archive`)}">Retour aux archives</a></p>`
    : "";
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title.en)} · ${escapeHtml(title.fr)}</title></head><body><main>` +
    `<h1>${escapeHtml(title.en)}</h1><p>${escapeHtml(text.en)}</p>` +
    `<div lang="fr"><h2>${escapeHtml(title.fr)}</h2><p>${escapeHtml(text.fr)}</p></div>${back}</main></body></html>`
  );
}

const FRONT = {
  title: { en: "Archive replay", fr: "Consultation des archives" },
  text: {
    en: "This address shows pages captured by the public-health web archive. Open them from the archive's search or from a capture's page.",
    fr: "Cette adresse affiche les pages capturées par les archives Web de santé publique. Ouvrez-les depuis la recherche des archives ou depuis la fiche d'une capture.",
  },
};

const ERRORS = {
  400: { type: "ValidationError", title: { en: "Address not understood", fr: "Adresse incomprise" } },
  404: { type: "NotFound", title: { en: "Not in the archive", fr: "Absent des archives" } },
  405: { type: "MethodNotAllowed", title: { en: "Not available", fr: "Non disponible" } },
  500: { type: "InternalError", title: { en: "Capture unavailable", fr: "Capture indisponible" } },
} as const;

export function sendFrontPage(req: http.IncomingMessage, res: http.ServerResponse, appUrl: string | null) {
  res.writeHead(200, replayHeaders("text/html; charset=utf-8"));
  res.end(req.method === "HEAD" ? undefined : page(FRONT.title, FRONT.text, appUrl));
}

/**
 * An error answer: a page in both languages for browsers, or the API's error envelope (with
 * `apiMessage`, which may name parameters) for a client that asks for JSON only.
 */
export function sendError(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: keyof typeof ERRORS,
  text: Bilingual,
  opts: { appUrl: string | null; apiMessage?: string },
) {
  const { type, title } = ERRORS[status];
  const accept = req.headers.accept ?? "";
  const json = /application\/json/i.test(accept) && !/text\/html/i.test(accept);
  const headers = replayHeaders(json ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  if (status === 405) headers.Allow = "GET, HEAD";
  res.writeHead(status, headers);
  if (req.method === "HEAD") return res.end();
  res.end(
    json
      ? JSON.stringify({ success: false, error: type, message: opts.apiMessage ?? text.en })
      : page(title, text, opts.appUrl),
  );
}

export const NOT_ALLOWED: Bilingual = {
  en: "Captured pages can only be viewed here.",
  fr: "Les pages capturées peuvent seulement être consultées ici.",
};
export const NOT_REPLAY_ADDRESS: Bilingual = {
  en: "This address does not lead to a captured page. Open captures from the archive's search.",
  fr: "Cette adresse ne mène à aucune page capturée. Ouvrez les captures depuis la recherche des archives.",
};
export const BAD_TS: Bilingual = {
  en: "The capture date in this address is not a date. Use a date such as 2025-01-31, or remove it to see the latest capture.",
  fr: "La date de capture indiquée dans cette adresse n'est pas une date. Indiquez une date comme 2025-01-31, ou retirez-la pour voir la dernière capture.",
};
export const BAD_MARKS_SINCE: Bilingual = {
  en: "The earlier capture named in this address is not one. Open the comparison again from the archive's list of changes.",
  fr: "La capture précédente indiquée dans cette adresse n'en est pas une. Rouvrez la comparaison depuis la liste des changements des archives.",
};
export const marksSinceUnknown = (id: number): Bilingual => ({
  en: `Capture ${id}, to compare this page with, does not exist in this archive.`,
  fr: `La capture ${id}, avec laquelle comparer cette page, n'existe pas dans ces archives.`,
});
export const marksSinceOtherPage = (id: number, url: string): Bilingual => ({
  en: `Capture ${id} is of another page, so it cannot be compared with ${url}.`,
  fr: `La capture ${id} est celle d'une autre page\u00a0: elle ne peut pas être comparée avec ${url}.`,
});
export const UNREADABLE: Bilingual = {
  en: "This capture could not be read from the archive's files. Please try again later.",
  fr: "Cette capture n'a pas pu être lue dans les fichiers des archives. Veuillez réessayer plus tard.",
};
export const noJob = (id: number): Bilingual => ({
  en: `Job ${id} does not exist in this archive.`,
  fr: `La collecte ${id} n'existe pas dans ces archives.`,
});
export const notIndexed = (id: number): Bilingual => ({
  en: `Job ${id} has not been indexed yet, so none of its pages can be replayed.`,
  fr: `La collecte ${id} n'est pas encore indexée\u00a0: aucune de ses pages ne peut être affichée.`,
});
export const notCaptured = (url: string, id: number): Bilingual => ({
  en: `${url} was not captured in job ${id}.`,
  fr: `${url} n'a pas été capturée lors de la collecte ${id}.`,
});
