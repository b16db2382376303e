import type { kioskEn } from "./kiosk.en";

// Messages français du mode borne (fusionnés dans ../fr.ts) : exactement les clés de kiosk.en.ts.
export const kioskFr: Record<keyof typeof kioskEn, string> = {
  "kiosk.heading": "Mode borne",
  "kiosk.body":
    "Pour un écran partagé en salle d’attente ou en bibliothèque\u00a0: texte et boutons plus grands, aucune page de connexion et, après un moment sans utilisation, l’écran recommence en effaçant ce que l’application a gardé de la visite précédente. Le navigateur tient son propre historique des pages affichées, que l’application ne peut pas effacer\u00a0: configurez le navigateur pour qu’il n’en garde pas.",
  "kiosk.setup.intro":
    "Choisissez un NIP du personnel avant de l’activer. Seul ce NIP permet de désactiver le mode borne.",
  "kiosk.setup.pin": "NIP du personnel (4 à 12 chiffres)",
  "kiosk.setup.pinAgain": "NIP du personnel, encore une fois",
  "kiosk.setup.idle": "Recommencer après ce nombre de secondes sans utilisation",
  "kiosk.setup.warning": "Avertir ce nombre de secondes avant de recommencer",
  "kiosk.setup.language": "Langue pour chaque nouvelle personne",
  "kiosk.setup.submit": "Activer le mode borne",
  "kiosk.setup.working": "Activation du mode borne…",
  "kiosk.error.pinFormat": "Entrez de 4 à 12 chiffres, sans lettres.",
  "kiosk.error.pinAgain": "Les deux NIP ne sont pas pareils. Tapez le même NIP deux fois.",
  "kiosk.error.idle": "Entrez un nombre entier de secondes entre {min} et {max}.",
  "kiosk.error.warning":
    "Entrez un nombre entier de secondes entre {min} et {max}, plus court que le délai ci-dessus.",
  "kiosk.unlock.intro":
    "Le mode borne est activé. Le personnel peut le désactiver avec le NIP choisi à l’activation.",
  "kiosk.unlock.settings":
    "L’écran recommence après {idle} secondes sans utilisation, avec un avertissement {warning} secondes avant.",
  "kiosk.unlock.pin": "NIP du personnel",
  "kiosk.unlock.submit": "Désactiver le mode borne",
  "kiosk.unlock.checking": "Vérification du NIP…",
  "kiosk.unlock.wrong": "Ce NIP n’est pas le bon. Le mode borne reste activé.",
  "kiosk.unlock.wait":
    "Trop de NIP erronés. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.",
  "kiosk.unlock.wrongWait":
    "Ce NIP n’est pas le bon. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.",
  "kiosk.unlock.missing": "Entrez le NIP du personnel.",
  "kiosk.setup.legacy":
    "Le mode borne est activé, mais sans NIP du personnel. Choisissez-en un pour le verrouiller.",
  "kiosk.setup.lock": "Verrouiller le mode borne",
  "kiosk.setup.failed":
    "Le mode borne n’a pas pu être activé\u00a0: ce navigateur ne permet pas à l’application de conserver des réglages sur cet appareil.",
  "kiosk.off": "Le mode borne est désactivé sur cet appareil.",
  "kiosk.warning.title": "Toujours là\u00a0?",
  "kiosk.warning.body":
    "Pour protéger votre vie privée, cet écran recommencera dans {seconds, plural, one {# seconde} other {# secondes}}.",
  "kiosk.warning.hint": "Touchez l’écran ou appuyez sur une touche pour continuer.",
  "kiosk.warning.stay": "Je suis toujours là",
  "kiosk.blocked.title": "Non offert sur cet écran",
  "kiosk.blocked.body":
    "La connexion est désactivée sur cet écran partagé pour protéger les comptes. Veuillez utiliser votre propre appareil.",
  "kiosk.blocked.home": "Aller à la page d’accueil",
  "kiosk.startOver": "J’ai terminé / Recommencer",
  "kiosk.crisis.label": "Aide immédiate",
  "kiosk.crisis.call911": "Composer le 911",
  "kiosk.staff.heading": "Paramètres du personnel",
  "kiosk.staff.intro":
    "Sur cet écran partagé, les autres paramètres (renseignements enregistrés, mises à jour, stockage) sont réservés au personnel. Entrez le NIP du personnel pour les afficher.",
  "kiosk.staff.pin": "NIP du personnel",
  "kiosk.staff.submit": "Afficher les paramètres du personnel",
  "kiosk.staff.wrong": "Ce NIP n’est pas le bon. Les paramètres du personnel restent masqués.",
};
