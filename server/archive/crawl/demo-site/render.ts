/**
 * Renders the bundled demo site (two dated versions) from topics.ts and more-topics.ts into a
 * map of path → response. Pages link to each other, to their other-language twin, to images and
 * to one stylesheet; the footer also has out-of-scope and non-http links the crawler must skip,
 * and `/private/` is disallowed by robots.txt. `/sitemap.xml` lists the public pages.
 */
import { moreTopics } from "./more-topics.js";
import { demoSitemap } from "./sitemap.js";
import { type Topic, type TopicText, topics } from "./topics.js";

export interface DemoFile {
  type: string;
  body: string;
  /** HTTP status to answer with (200 when absent); tests make sections fail with it. */
  status?: number;
  /** Statuses of the first requests, in order, before `status` (a page that fails, then recovers). */
  firstAnswers?: number[];
  /** The body names the site's own origin (ORIGIN_MARK), filled in by the server. */
  withOrigin?: boolean;
}
export type Lang = "en" | "fr";
export const DEMO_VERSIONS = { 1: "2025-01-20", 2: "2026-01-19" } as const;

const L = {
  en: {
    home: "Home",
    topics: "Health topics",
    news: "News",
    about: "About this site",
    prevention: "Prevention",
    signs: "Signs and symptoms",
    what: "What to do",
    modified: "Date modified",
    other: "Français",
    site: "Community Health Demo Agency",
    back: "Back to the topic",
  },
  fr: {
    home: "Accueil",
    topics: "Sujets de santé",
    news: "Nouvelles",
    about: "À propos de ce site",
    prevention: "Prévention",
    signs: "Signes et symptômes",
    what: "Que faire",
    modified: "Date de modification",
    other: "English",
    site: "Agence de démonstration en santé communautaire",
    back: "Retour au sujet",
  },
} as const;

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(lang: Lang, version: 1 | 2, path: string, title: string, main: string): DemoFile {
  const l = L[lang];
  const other = lang === "en" ? "fr" : "en";
  const body = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${esc(title)} - ${esc(l.site)}</title>
<link rel="stylesheet" href="/css/site.css"></head>
<body>
<header><a href="/${lang}/"><img src="/images/logo.svg" alt="${esc(l.site)}" width="48" height="48"></a>
<nav><a href="/${lang}/">${l.home}</a> | <a href="/${lang}/topics/">${l.topics}</a> | <a href="/${lang}/news/">${l.news}</a> | <a href="/${lang}/about.html">${l.about}</a> | <a href="${path.replace(`/${lang}/`, `/${other}/`)}" lang="${other}">${l.other}</a></nav></header>
<main>
<h1>${esc(title)}</h1>
${main}
</main>
<footer><p>${l.modified}: ${DEMO_VERSIONS[version]}</p>
<p><a href="https://www.canada.ca/${lang}.html">canada.ca</a> | <a href="mailto:info@example.org">info@example.org</a> | <a href="javascript:window.print()">Print</a> | <a href="ftp://files.example.org/data.csv">Data</a></p></footer>
</body></html>
`;
  return { type: "text/html; charset=utf-8", body };
}

const textFor = (topic: Topic, lang: Lang, version: 1 | 2): TopicText => ({
  ...topic[lang],
  ...(version === 2 ? topic.v2?.[lang] : {}),
});

export function topicsIn(version: 1 | 2): Topic[] {
  return [...topics, ...moreTopics].filter((t) => !t.only || t.only === version);
}

const NEWS: Record<Lang, [string, string, 1 | 2][]> = {
  en: [
    [
      "Flu vaccine clinics open for the season",
      "Community clinics offer the seasonal flu vaccine free of charge to everyone aged six months and older.",
      1,
    ],
    [
      "Tick season starts earlier in warm springs",
      "Blacklegged ticks become active once temperatures stay above four degrees; check for ticks after outdoor activities.",
      1,
    ],
    [
      "New guidance on extreme heat",
      "A new page explains how to recognise heat illness and protect people most at risk during heat waves.",
      2,
    ],
    [
      "Measles cases rising: check your vaccines",
      "Health officials ask everyone to confirm they have had two doses of measles vaccine before travelling.",
      2,
    ],
  ],
  fr: [
    [
      "Ouverture des cliniques de vaccination contre la grippe",
      "Les cliniques communautaires offrent gratuitement le vaccin contre la grippe saisonnière à toute personne de six mois et plus.",
      1,
    ],
    [
      "La saison des tiques commence plus tôt lors des printemps doux",
      "Les tiques à pattes noires deviennent actives dès que la température reste au-dessus de quatre degrés; examinez-vous après vos activités extérieures.",
      1,
    ],
    [
      "Nouveaux conseils sur la chaleur extrême",
      "Une nouvelle page explique comment reconnaître les malaises liés à la chaleur et protéger les personnes les plus à risque.",
      2,
    ],
    [
      "Hausse des cas de rougeole : vérifiez vos vaccins",
      "Les autorités sanitaires demandent à chacun de confirmer avoir reçu deux doses du vaccin contre la rougeole avant de voyager.",
      2,
    ],
  ],
};

export function renderDemoSite(version: 1 | 2): Map<string, DemoFile> {
  const files = new Map<string, DemoFile>();
  const list = topicsIn(version);
  files.set("/", {
    type: "text/html; charset=utf-8",
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${L.en.site} / ${L.fr.site}</title><link rel="stylesheet" href="/css/site.css"></head><body><main><h1>${L.en.site}</h1><p><a href="/en/">English</a> | <a href="/fr/" lang="fr">Français</a></p></main></body></html>\n`,
  });
  files.set("/robots.txt", { type: "text/plain", body: "User-agent: *\nDisallow: /private/\n" });
  files.set("/private/", {
    type: "text/html",
    body: "<!doctype html><title>Staff only</title><p>Internal page.</p>",
  });
  files.set("/css/site.css", {
    type: "text/css",
    body: "body{font-family:sans-serif;max-width:60rem;margin:auto;padding:1rem;background:url(/images/bg.svg) repeat-x}\nheader{display:flex;gap:1rem;align-items:center}\nfooter{margin-top:2rem;font-size:.9rem;color:#444}\n.topic img{float:right}\n",
  });
  files.set("/images/logo.svg", {
    type: "image/svg+xml",
    body: '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" rx="8" fill="#1d5c8f"/><path d="M20 10h8v10h10v8H28v10h-8V28H10v-8h10z" fill="#fff"/></svg>\n',
  });
  files.set("/images/bg.svg", {
    type: "image/svg+xml",
    body: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"><rect width="8" height="4" fill="#e8f0f7"/></svg>\n',
  });
  for (const lang of ["en", "fr"] as const) {
    const l = L[lang];
    const items = list
      .map((t) => `<li><a href="/${lang}/topics/${t.slug}/">${esc(textFor(t, lang, version).name)}</a></li>`)
      .join("\n");
    files.set(
      `/${lang}/`,
      page(
        lang,
        version,
        `/${lang}/`,
        l.site,
        `<p>${lang === "en" ? "Plain information on common public-health topics." : "De l'information claire sur des sujets courants de santé publique."}</p>\n<h2>${l.topics}</h2>\n<ul>${items}</ul>`,
      ),
    );
    files.set(`/${lang}/topics/`, page(lang, version, `/${lang}/topics/`, l.topics, `<ul>${items}</ul>`));
    const news = NEWS[lang].filter(([, , v]) => v <= version).reverse();
    files.set(
      `/${lang}/news/`,
      page(
        lang,
        version,
        `/${lang}/news/`,
        l.news,
        news.map(([h, p]) => `<article><h2>${esc(h)}</h2><p>${esc(p)}</p></article>`).join("\n"),
      ),
    );
    files.set(
      `/${lang}/about.html`,
      page(
        lang,
        version,
        `/${lang}/about.html`,
        l.about,
        `<p>${lang === "en" ? "This demonstration site is bundled with the archive so that crawling, search and replay can be tried without network access. Its text is written for the demo." : "Ce site de démonstration accompagne l'archive afin qu'on puisse essayer l'exploration, la recherche et la relecture sans accès au réseau. Son texte a été rédigé pour la démonstration."}</p><p><a href="/private/">Staff</a></p>`,
      ),
    );
    for (const topic of list) {
      const tx = textFor(topic, lang, version);
      const base = `/${lang}/topics/${topic.slug}/`;
      files.set(
        base,
        page(
          lang,
          version,
          base,
          tx.name,
          `<div class="topic"><img src="/images/${topic.slug}.svg" alt="${esc(tx.name)}" width="64" height="64">\n<p>${esc(tx.summary)}</p>\n<h2>${l.signs}</h2>\n<ul>${tx.signs.map((s) => `<li>${esc(s)}</li>`).join("")}</ul>\n<h2>${l.what}</h2>\n<p>${esc(tx.advice)}</p>\n<p><a href="prevention.html">${l.prevention}</a></p></div>`,
        ),
      );
      files.set(
        `${base}prevention.html`,
        page(
          lang,
          version,
          `${base}prevention.html`,
          `${tx.name}: ${l.prevention.toLowerCase()}`,
          `<ul>${tx.prevention.map((s) => `<li>${esc(s)}</li>`).join("\n")}</ul>\n<p><a href="./">${l.back}</a></p>`,
        ),
      );
    }
  }
  files.set("/sitemap.xml", demoSitemap(files));
  for (const topic of list) {
    const hue = [...topic.slug].reduce((a, c) => a + c.charCodeAt(0), 0) % 360;
    files.set(`/images/${topic.slug}.svg`, {
      type: "image/svg+xml",
      body: `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="hsl(${hue},55%,45%)"/><text x="32" y="40" font-size="24" text-anchor="middle" fill="#fff">${topic.slug[0].toUpperCase()}</text></svg>\n`,
    });
  }
  return files;
}
