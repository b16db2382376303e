// French messages for directory service pages (merged into ../fr.ts); same keys as directory.en.ts.
import type { directoryEn } from "./directory.en";

export const directoryFr: Record<keyof typeof directoryEn, string> = {
  "phone.mobileCode": "Composez {code} depuis un cellulaire",
  "phone.text": "Texto au {number}",
  "phone.hint.dial": "Compose le {number}.",
  "phone.hint.short": "Compose le {number} depuis n'importe quel téléphone au Canada.",
  "phone.hint.mobile": "Affiché comme un code à composer depuis un cellulaire ({digits}), sans lien d'appel.",
  "phone.hint.text": "Affiché comme une ligne texto : les messages vont au {number}.",
  "phone.hint.invalid":
    "Ce numéro ne peut être ni composé ni textoté. Indiquez un numéro avec l'indicatif régional (613-549-1232, poste 1218), un code court (211, #SAFE) ou une ligne texto (texto 686868).",
  "source.publishedBy": "Publié par {publisher} ({site}).",
  "source.publishedOn": "Publié sur {site}.",
  "source.partner": "Publié par {organization} depuis son compte partenaire.",
  "source.checked": "Dernière vérification le {date}.",
  "source.copied": "Copié le {date} ; pas encore vérifié par une personne.",
  "source.curators": "Vérifié le {date} par l'équipe du répertoire.",
  "source.curatorsUndated": "Vérifié par l'équipe du répertoire.",
  "source.imported": "Ajouté le {date} par l'équipe du répertoire.",
  "source.updated": "Mis à jour le {date}.",
  "takeaway.heading": "À emporter",
  "takeaway.qr":
    "Balayez ce code avec l’appareil photo de votre téléphone pour enregistrer le nom, les numéros, l’adresse et les heures comme contact. Aucune connexion Internet n’est nécessaire.",
  "takeaway.qrLabel": "Code QR avec les coordonnées de {name}",
  "takeaway.print": "Imprimer",
  "takeaway.printHint":
    "Imprime une page avec le nom, les numéros, l’adresse, les heures et la façon de faire une demande.",
  "takeaway.directions": "Itinéraire",
  "takeaway.map": "Carte (OpenStreetMap)",
};
