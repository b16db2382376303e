import type { Messages } from "./en";

// Catalogue français. Le type Messages exige chaque clé du catalogue anglais, et aucune autre.
export const fr: Messages = {
  "app.name": "Santé communautaire Canada",
  "app.tagline":
    "Services près de chez vous, attente aux urgences et pages de santé publique, même hors ligne.",
  "skip.toMain": "Aller au contenu principal",
  "nav.label": "Principale",
  "nav.home": "Accueil",
  "nav.search": "Répertoire",
  "nav.waits": "Temps d’attente",
  "nav.archive": "Archives",
  "nav.settings": "Paramètres",
  "lang.label": "Langue",
  "lang.en": "English",
  "lang.fr": "Français",
  "offline.notice":
    "Vous êtes hors ligne. Les informations enregistrées restent affichées; les nouvelles recherches reprendront à la reconnexion.",
  "update.ready": "Une nouvelle version est prête.",
  "update.reload": "Recharger",
  "update.later": "Plus tard",
  "home.title": "Trouver de l’aide et de l’information en santé",
  "home.intro":
    "Cherchez des services communautaires, voyez comment les urgences mesurent leurs temps d’attente et consultez des pages de santé publique archivées. Ce que vous avez consulté reste disponible sans connexion.",
  "search.label": "Chercher dans le répertoire des services",
  "search.placeholder": "p. ex. banque alimentaire, clinique sans rendez-vous, counseling",
  "search.submit": "Chercher",
  "home.waits.title": "Attente aux urgences",
  "home.waits.body":
    "Les hôpitaux par province, et la façon dont chacun mesure et publie ses temps d’attente.",
  "home.archive.title": "Archives de santé publique",
  "home.archive.body":
    "Les versions antérieures de pages de santé publique, conservées pour suivre leurs changements.",
  "home.settings.title": "Paramètres et données hors ligne",
  "home.settings.body": "Langue, espace utilisé sur cet appareil et mode borne pour les écrans partagés.",
  "settings.title": "Paramètres",
  "settings.language.heading": "Langue",
  "settings.language.body": "Choisissez la langue de l’interface. Votre choix est conservé sur cet appareil.",
  "settings.offline.heading": "Données hors ligne",
  "settings.offline.body":
    "L’application garde ses pages sur cet appareil, avec les informations du répertoire et des temps d’attente que vous avez consultées, pour fonctionner sans connexion. Rien n’est envoyé ailleurs.",
  "settings.storage.heading": "Espace sur cet appareil",
  "settings.storage.usage": "{used} utilisés sur environ {quota} disponibles.",
  "settings.storage.unknown": "Ce navigateur n’indique pas l’espace utilisé.",
  "settings.caches.heading": "Copies enregistrées",
  "settings.caches.none": "Aucune copie enregistrée pour l’instant.",
  "settings.caches.shell": "Pages de l’application",
  "settings.caches.api": "Réponses du serveur",
  "settings.persist.heading": "Conserver les données si l’espace manque",
  "settings.persist.body":
    "Les navigateurs peuvent effacer les données enregistrées quand l’appareil manque d’espace. Vous pouvez demander à ce navigateur de les conserver.",
  "settings.persist.button": "Conserver mes données hors ligne",
  "settings.persist.granted": "Ce navigateur conservera les données hors ligne.",
  "settings.persist.denied":
    "Ce navigateur n’a pas accepté de conserver les données; elles pourraient être effacées si l’espace manque.",
  "settings.persist.unsupported": "Ce navigateur ne permet pas de demander la conservation des données.",
  "archive.title": "Archives Web de santé publique",
  "archive.intro":
    "Les archives saisissent des pages Web de santé publique à intervalles réguliers afin de suivre dans le temps les changements de formulation, les conseils retirés et les nouvelles consignes.",
  "notfound.title": "Page introuvable",
  "notfound.body":
    "Aucune page ne se trouve à cette adresse. Elle a peut-être été déplacée, ou le lien contient une erreur.",
  "notfound.home": "Aller à la page d’accueil",
  loading: "Chargement…",
};
