// English message catalogue. Every key here must exist in fr.ts (enforced by the Messages type).
export const en = {
  "app.name": "Community Health Canada",
  "app.tagline": "Services near you, emergency wait times and public-health pages, even offline.",
  "skip.toMain": "Skip to main content",
  "nav.label": "Main",
  "nav.home": "Home",
  "nav.search": "Directory",
  "nav.waits": "Wait times",
  "nav.archive": "Archive",
  "nav.settings": "Settings",
  "lang.label": "Language",
  "lang.en": "English",
  "lang.fr": "Français",
  "offline.notice":
    "You are offline. Saved information is shown; new searches will resume when you reconnect.",
  "update.ready": "A new version is ready.",
  "update.reload": "Reload",
  "update.later": "Later",
  "home.title": "Find help and health information",
  "home.intro":
    "Search local community services, check how emergency departments report their wait times, and read archived public-health pages. Information you have opened stays available without a connection.",
  "search.label": "Search the services directory",
  "search.placeholder": "e.g. food bank, walk-in clinic, counselling",
  "search.submit": "Search",
  "home.waits.title": "Emergency wait times",
  "home.waits.body": "Hospitals by province, with how each one measures and reports its waits.",
  "home.archive.title": "Public-health archive",
  "home.archive.body": "Earlier versions of public-health web pages, kept so changes can be traced.",
  "home.settings.title": "Settings and offline data",
  "home.settings.body": "Language, storage used on this device, and kiosk mode for shared screens.",
  "settings.title": "Settings",
  "settings.language.heading": "Language",
  "settings.language.body": "Choose the language of the interface. Your choice is kept on this device.",
  "settings.offline.heading": "Offline data",
  "settings.offline.body":
    "This app keeps its pages on this device, together with the directory and wait-time information you have viewed, so it keeps working without a connection. Nothing is sent anywhere.",
  "settings.storage.heading": "Storage on this device",
  "settings.storage.usage": "{used} used of about {quota} available.",
  "settings.storage.unknown": "This browser does not report how much storage is used.",
  "settings.caches.heading": "Saved copies",
  "settings.caches.none": "No saved copies yet.",
  "settings.caches.shell": "App pages",
  "settings.caches.api": "Answers from the server",
  "settings.persist.heading": "Keep data when space runs low",
  "settings.persist.body":
    "Browsers may clear saved data when the device runs short of space. You can ask this browser to keep it.",
  "settings.persist.button": "Keep my offline data",
  "settings.persist.granted": "This browser will keep the offline data.",
  "settings.persist.denied":
    "This browser did not agree to keep the data; it may be cleared when space runs low.",
  "settings.persist.unsupported": "This browser cannot be asked to keep the data.",
  "archive.title": "Public-health web archive",
  "archive.intro":
    "The archive captures public-health web pages at regular intervals so that wording changes, removed advice and new guidance can be traced over time.",
  "notfound.title": "Page not found",
  "notfound.body": "There is no page at this address. It may have moved, or the link may be mistyped.",
  "notfound.home": "Go to the home page",
  loading: "Loading…",
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
