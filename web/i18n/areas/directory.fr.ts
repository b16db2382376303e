// French messages for directory service pages (merged into ../fr.ts); same keys as directory.en.ts.
import type { directoryEn } from "./directory.en";

export const directoryFr: Record<keyof typeof directoryEn, string> = {
  "nearest.didYouMean": "Vouliez-vous dire :",
  "coverage.area": "{city} et les environs",
  "coverage.note":
    "Les services locaux de ce répertoire sont à {area} ({province}). Les lignes téléphoniques pour tout le Canada y figurent aussi.",
  "coverage.outside.place": "{place} est hors de la région couverte par ce répertoire",
  "coverage.outside.position": "Vous semblez être hors de la région couverte par ce répertoire",
  "coverage.outside.body":
    "Ses services locaux sont à {area} ({province}). Ces numéros fonctionnent partout au Canada :",
  "coverage.outside.order":
    "Ci-dessous, les lignes pour tout le Canada viennent d’abord, puis les services loin de vous.",
  "coverage.line.911": "urgences : police, pompiers, ambulance",
  "coverage.line.988": "ligne de crise en cas de suicide, jour et nuit.",
  "coverage.line.211": "services communautaires et sociaux près de chez vous, en tout temps",
  "coverage.line.811": "conseils santé d’une infirmière (dans la plupart des provinces et territoires)",
  "coverage.province.AB": "Alberta",
  "coverage.province.BC": "Colombie-Britannique",
  "coverage.province.MB": "Manitoba",
  "coverage.province.NB": "Nouveau-Brunswick",
  "coverage.province.NL": "Terre-Neuve-et-Labrador",
  "coverage.province.NS": "Nouvelle-Écosse",
  "coverage.province.NT": "Territoires du Nord-Ouest",
  "coverage.province.NU": "Nunavut",
  "coverage.province.ON": "Ontario",
  "coverage.province.PE": "Île-du-Prince-Édouard",
  "coverage.province.QC": "Québec",
  "coverage.province.SK": "Saskatchewan",
  "coverage.province.YT": "Yukon",
  "phone.mobileCode": "Composez {code} depuis un cellulaire",
  "phone.text": "Texto au {number}",
  "phone.hint.dial": "Compose le {number}.",
  "phone.hint.short": "Compose le {number} depuis n’importe quel téléphone au Canada.",
  "phone.hint.mobile": "Affiché comme un code à composer depuis un cellulaire ({digits}), sans lien d’appel.",
  "phone.hint.text": "Affiché comme une ligne texto : les messages vont au {number}.",
  "phone.hint.invalid":
    "Ce numéro ne peut être ni composé ni textoté. Indiquez un numéro avec l’indicatif régional (613-549-1232, poste 1218), un code court (211, #SAFE) ou une ligne texto (texto 686868).",
  "source.publishedBy": "Publié par {publisher} ({site}).",
  "source.publishedOn": "Publié sur {site}.",
  "source.partner": "Publié par {organization} depuis son compte partenaire.",
  "source.checked": "Dernière vérification le {date}.",
  "source.copied": "Copié le {date} ; pas encore vérifié par une personne.",
  "source.curators": "Vérifié le {date} par l’équipe du répertoire.",
  "source.curatorsUndated": "Vérifié par l’équipe du répertoire.",
  "source.imported": "Ajouté le {date} par l’équipe du répertoire.",
  "source.updated": "Mis à jour le {date}.",
  "takeaway.heading": "À emporter",
  "takeaway.qr":
    "Balayez ce code avec l’appareil photo de votre téléphone pour enregistrer le nom, les numéros, l’adresse et les heures comme contact. Aucune connexion Internet n’est nécessaire.",
  "takeaway.qrLabel": "Code QR avec les coordonnées de {name}",
  "takeaway.print": "Imprimer",
  "takeaway.printHint":
    "Imprime une page avec le nom, les numéros, l’adresse, les heures et la façon de faire une demande.",
  "takeaway.directions": "Itinéraire",
  "takeaway.labelled": "{label} : {text}",
  "takeaway.map": "Carte (OpenStreetMap)",
};
