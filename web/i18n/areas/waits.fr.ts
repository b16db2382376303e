import type { waitsEn } from "./waits.en";

// Messages français des pages « waits » (fusionnés dans ../fr.ts) : exactement les clés de waits.en.ts.
export const waitsFr: Record<keyof typeof waitsEn, string> = {
  "waits.compare.chart": "Les deux hôpitaux sur la période\u00a0: {period}",
  "waits.compare.chartLabel": "{a} et {b} sur la période ({period}), sur une même échelle",
  "waits.compare.apart":
    "Ces chiffres sont mesurés différemment : chacun est donc présenté à part, avec ce qu’il mesure, sans être mis en regard de l’autre.",
  "waits.compare.method": "{span}, {statistic}.",
  "waits.compare.tableLabel": "Méthodes des deux hôpitaux, côte à côte",
  "waits.compare.noChart":
    "Les chiffres des deux hôpitaux ne sont pas tracés sur un même graphique\u00a0: ils mesurent l’attente différemment, et une même échelle induirait en erreur.",
  "waits.method.heading": "Comment ce chiffre est mesuré",
  "waits.method.sentence": "{span}, {statistic}, {cadence}.",
  "waits.method.span.TIME_TO_PROVIDER": "Temps entre {start} et {end}",
  "waits.method.span.TOTAL_LOS": "Durée totale à l’urgence, entre {start} et {end}",
  "waits.method.span.STRETCHER_OCCUPANCY": "Part des civières de l’urgence occupées",
  "waits.method.start.TRIAGE": "le triage",
  "waits.method.start.REGISTRATION": "l’inscription",
  "waits.method.start.DOOR": "l’arrivée à la porte",
  "waits.method.start.UNKNOWN": "un moment que l’éditeur ne précise pas",
  "waits.method.end.PHYSICIAN": "la rencontre avec un médecin",
  "waits.method.end.PROVIDER": "la rencontre avec un médecin ou une infirmière praticienne",
  "waits.method.end.DISCHARGE": "la sortie de l’urgence",
  "waits.method.end.FIRST_ASSESSMENT": "la première évaluation",
  "waits.method.cadence.minute": "mis à jour environ chaque minute",
  "waits.method.cadence.minutes": "mis à jour environ toutes les {n} minutes",
  "waits.method.cadence.hour": "mis à jour environ toutes les heures",
  "waits.method.cadence.hours": "mis à jour environ toutes les {n} heures",
  "waits.method.cadence.day": "mis à jour environ une fois par jour",
  "waits.method.cadence.days": "mis à jour environ tous les {n} jours",
  "waits.method.cadence.month": "mis à jour environ une fois par mois",
  "waits.method.source": "Source : {source}.",
  "waits.unit": "Unité\u00a0: {unit}.",
  "waits.chart.hint":
    "Pointez ou touchez le graphique\u00a0: les chiffres de ce moment s’affichent dessous. Les mêmes chiffres figurent dans le tableau ci-dessous.",
  "waits.bench.asOf":
    "Chiffres enregistrés, calculés le {time}\u00a0: les plus récents n’ont pas pu être obtenus.",
  "waits.asOf": "Hors ligne\u00a0: chiffres enregistrés sur cet appareil, en date du {time}.",
  "waits.offlineNoCopy":
    "L’historique de cet hôpital n’a pas été ouvert sur cet appareil\u00a0: il ne peut pas être affiché hors ligne.",
  "waits.quality.link": "Qualité des données de cet hôpital",
  "waits.quality.title": "Qualité des données",
  "waits.quality.heading": "Qualité des données\u00a0: {name}",
  "waits.quality.intro":
    "Dans quelle mesure les chiffres de cet hôpital sont arrivés au complet et à temps au cours des {days} derniers jours.",
  "waits.quality.window": "Fenêtre",
  "waits.quality.back": "Retour à l’historique\u00a0: {name}",
  "waits.quality.coverage":
    "Couverture\u00a0: {percent} des relevés attendus sont arrivés ({received} sur {expected}).",
  "waits.quality.cadence": "Rythme attendu\u00a0: {cadence}.",
  "waits.quality.fresh": "Chiffre le plus récent\u00a0: {time}. Il est à jour.",
  "waits.quality.stale":
    "Chiffre le plus récent\u00a0: {time}. Il est plus ancien que prévu\u00a0; la source s’est peut-être arrêtée.",
  "waits.quality.never": "Aucun chiffre n’a été reçu de cet hôpital.",
  "waits.quality.timeline": "Couverture par jour",
  "waits.quality.timelineLabel": "Part des relevés attendus reçus, par jour",
  "waits.quality.timelineSeries": "Couverture",
  "waits.quality.timelineNone":
    "Cette source publie moins d’une fois par jour\u00a0; la couverture est donc jugée sur toute la fenêtre plutôt que jour par jour.",
  "waits.quality.day": "Jour",
  "waits.quality.received": "Reçus",
  "waits.quality.expected": "Attendus",
  "waits.quality.gaps": "Interruptions",
  "waits.quality.gapsIntro": "Une interruption est un silence de plus de {threshold} entre deux relevés.",
  "waits.quality.gapItem": "Du {from} au {to} ({duration})",
  "waits.quality.noGaps": "Aucune interruption dans cette fenêtre.",
  "waits.quality.listed": "{shown} sur {count} sont énumérées.",
  "waits.quality.anomalies": "Valeurs inhabituelles",
  "waits.quality.anomaliesIntro":
    "Une valeur est signalée quand elle s’éloigne beaucoup de la valeur typique de la fenêtre ({median}), mesurée en écarts robustes.",
  "waits.quality.anomalyAbove": "{time}\u00a0: {value}, {z} écarts robustes au-dessus de la valeur typique",
  "waits.quality.anomalyBelow": "{time}\u00a0: {value}, {z} écarts robustes au-dessous de la valeur typique",
  "waits.quality.noAnomalies": "Aucune valeur inhabituelle dans cette fenêtre.",
  "waits.quality.other": "Autres vérifications",
  "waits.quality.duplicates": "Relevés livrés deux fois\u00a0: {count}.",
  "waits.quality.late": "Relevés arrivés en retard\u00a0: {count}.",
  "waits.quality.thinned":
    "La partie ancienne de cet historique de démonstration est volontairement allégée\u00a0; les relevés attendus de ces jours en tiennent compte.",
  "waits.quality.error":
    "Le rapport de qualité des données n’a pas pu être chargé. Vérifiez votre connexion et réessayez.",
  "waits.bench.link": "Comparaisons provinciales",
  "waits.bench.title": "Comparaisons provinciales",
  "waits.bench.intro":
    "La place de la moyenne de chaque hôpital sur la période parmi les hôpitaux qui mesurent l’attente de la même façon. Les hôpitaux qui mesurent autrement sont classés dans des groupes distincts, jamais sur une même échelle.",
  "waits.bench.homogeneous":
    "Tous les hôpitaux de cette province mesurent l’attente de la même façon\u00a0; ils forment un seul groupe.",
  "waits.bench.mixed":
    "Les hôpitaux de cette province mesurent l’attente de {count} façons différentes\u00a0: chaque groupe est classé séparément.",
  "waits.bench.group": "Groupe {n}\u00a0: {description}",
  "waits.bench.groupDescription": "{span}, {statistic}",
  "waits.bench.stats":
    "Hôpitaux ayant déclaré des chiffres : {n} sur {count}. Moitié centrale de {p25} à {p75}, médiane {median}, étendue de {min} à {max}.",
  "waits.bench.tableLabel": "Classement du groupe {n}",
  "waits.bench.noStats": "Aucun hôpital de ce groupe n’a déclaré de chiffres pendant cette période.",
  "waits.bench.chartLabel":
    "Moyenne de chaque hôpital sur la période, de la plus courte à la plus longue, avec les lignes des quartiles",
  "waits.bench.axis": "Hôpitaux, du plus court au plus long",
  "waits.bench.series": "Moyenne de la période",
  "waits.bench.p25": "25e centile",
  "waits.bench.median": "Médiane",
  "waits.bench.p75": "75e centile",
  "waits.bench.col.hospital": "Hôpital",
  "waits.bench.col.month": "Chiffre du mois",
  "waits.bench.col.mean": "Moyenne de la période",
  "waits.bench.col.percentile": "Centile",
  "waits.bench.col.quartile": "Quartile",
  "waits.bench.col.trend": "Tendance",
  "waits.bench.trend.improving": "en amélioration",
  "waits.bench.trend.stable": "stable",
  "waits.bench.trend.worsening": "en détérioration",
  "waits.bench.trend.none": "aucune tendance",
  "waits.bench.quartile": "Q{q}",
  "waits.bench.noFigure": "aucun chiffre",
  "waits.bench.rule":
    "Centile\u00a0: la place de la moyenne de l’hôpital dans son groupe, de 0 (la plus courte) à 100 (la plus longue). Le quartile 1 regroupe les attentes les plus courtes. La tendance compare la moyenne de la période à celle de la période de même durée juste avant\u00a0: 5 % plus basse ou davantage, c’est une amélioration\u00a0; 5 % plus haute ou davantage, une détérioration\u00a0; sinon, c’est stable.",
  "waits.bench.error": "Les comparaisons n’ont pas pu être chargées. Vérifiez votre connexion et réessayez.",
  "waits.occ.link": "Occupation des civières au Québec",
  "waits.occ.title": "Occupation des civières au Québec",
  "waits.occ.intro":
    "Le Québec publie le taux d’occupation des civières de chaque urgence. Au-delà de 100 %, il y a plus de patients sur civière que de places prévues.",
  "waits.occ.current": "État actuel\u00a0:",
  "waits.occ.statuses": "Ce que signifient les trois états",
  "waits.occ.status.available": "Chiffres à jour",
  "waits.occ.status.available.explain":
    "La source québécoise a livré des taux d’occupation au cours des {hours} dernières heures\u00a0; ils sont présentés ci-dessous.",
  "waits.occ.status.no_reporting_data": "Aucun chiffre à jour",
  "waits.occ.status.no_reporting_data.explain":
    "La source québécoise a été lue, mais elle ne contient aucun chiffre des {hours} dernières heures\u00a0; aucun n’est donc affiché plutôt que des chiffres périmés.",
  "waits.occ.status.not_available_yet": "Pas encore configuré",
  "waits.occ.status.not_available_yet.explain":
    "Ce service n’a encore jamais reçu la source québécoise\u00a0; il n’y a donc encore aucun taux d’occupation.",
  "waits.occ.summary":
    "{reporting, plural, one {# hôpital déclarant} other {# hôpitaux déclarants}}. Occupation moyenne {avg}, de {min} à {max}. Au-delà de la capacité : {over}. Patients en attente : {waiting}.",
  "waits.occ.asOf": "Chiffre le plus récent : {time}. Chaque ligne donne l’heure de son propre chiffre.",
  "waits.occ.lastRead": "Dernière lecture de la source\u00a0: {time}.",
  "waits.occ.col.occupancy": "Occupation",
  "waits.occ.col.stretchers": "Civières occupées",
  "waits.occ.col.waiting": "Patients en attente",
  "waits.occ.col.reported": "Publié",
  "waits.occ.tableLabel": "Occupation des civières par hôpital",
  "waits.occ.stretchers": "{occupied} sur {total}",
  "waits.occ.error":
    "Les taux d’occupation n’ont pas pu être chargés. Vérifiez votre connexion et réessayez.",
  "waits.find.label": "Trouver un hôpital par son nom ou sa ville",
  "waits.find.placeholder": "Par exemple\u00a0: Gatineau, ou Général",
  "waits.find.none": "Aucun hôpital de cette province n’a « {query} » dans son nom ou sa ville.",
  "waits.found": "{count, plural, one {# hôpital correspond} other {# hôpitaux correspondent}} sur {total}",
  "waits.sort.label": "Ordre",
  "waits.sort.name": "Par nom",
  "waits.sort.distance": "Les plus proches d’abord",
  "waits.near.button": "Près de moi",
  "waits.near.locating": "Recherche de votre position…",
  "waits.near.privacy":
    "« Près de moi » demande votre position quand vous appuyez sur le bouton. Elle reste sur cet appareil\u00a0: elle n’est ni enregistrée ni envoyée.",
  "waits.near.failed":
    "Votre position n’a pas pu être lue. Autorisez la localisation pour ce site et réessayez, ou cherchez par nom ou par ville.",
  "waits.near.switched": "Liste affichée\u00a0: {province}, où se trouvent les hôpitaux les plus proches.",
  "waits.distance": "à {km} km",
  "waits.stamp.month": "pour {month}",
  "waits.what.monthly": "{statistic} du mois, {month}",
  "waits.what.live": "{statistic}, {time}",
  "waits.what.stale": "périmé : {statistic} du {time}",
  "waits.what.pastEstimate": "estimation",
  "waits.address": "Adresse :",
  "waits.directions": "Itinéraire",
  "waits.directions.map": "Carte (OpenStreetMap)",
  "waits.directions.mapShort": "Carte",
  "waits.healthLine":
    "Vous ne savez pas si vous devez aller à l’urgence\u00a0? Une infirmière vous conseille, jour et nuit\u00a0:",
  "waits.healthLine.call": "appelez {line} au 811",
  "waits.healthLine.short": "Conseils\u00a0: {line} 811",
  "waits.healthLine.ON": "Santé811",
  "waits.healthLine.QC": "Info-Santé",
  "waits.healthLine.AB": "Health Link",
  "waits.healthLine.BC": "HealthLink BC",
  "waits.bucket.week": "semaine du {date}",
  "waits.chart.month": "Mois",
  "waits.chart.average": "Moyenne",
  "waits.fallback":
    "La vue {wanted} n’a pas été ouverte sur cet appareil\u00a0: la vue {shown} enregistrée est affichée à la place.",
  "waits.none.rhythm": "Les chiffres de cet hôpital sont {cadence}.",
  "waits.none.see": "Voir la vue {period}",
  "waits.next.month": "Le dernier chiffre est {stamp}\u00a0; le prochain sera pour {month}.",
  "waits.next.monthLate": "Le dernier chiffre est {stamp}\u00a0; celui pour {month} est en retard.",
  "waits.next.due": "Le dernier chiffre a été {stamp}\u00a0; le prochain est attendu vers {time}.",
  "waits.next.late":
    "Le dernier chiffre a été {stamp}\u00a0; le prochain était attendu vers {time} et n’est pas encore arrivé.",
  "waits.next.never":
    "Cet hôpital n’a encore publié aucun chiffre\u00a0: on ne sait pas quand le premier arrivera.",
  "waits.bench.rank": "{rank} sur {count}, du plus court au plus long",
  "waits.compare.problem.same-hospital":
    "Choisissez deux hôpitaux différents\u00a0: les deux choix désignent le même hôpital.",
  "waits.compare.problem.unknown-hospital":
    "Un des hôpitaux choisis ne figure pas dans la liste. Choisissez-les tous deux dans les listes ci-dessus.",
  "waits.compare.problem.missing-hospital":
    "Choisissez un hôpital dans chacune des deux listes, puis comparez.",
  "waits.compare.problem.no-copy":
    "La liste des hôpitaux n’a pas encore été enregistrée sur cet appareil\u00a0: la comparaison est impossible hors ligne. Connectez-vous une fois, puis réessayez.",
  "waits.compare.error": "La comparaison n’a pas pu être faite. Vérifiez votre connexion et réessayez.",
  "waits.compare.fromDevice":
    "Établi sur cet appareil à partir de la liste des hôpitaux enregistrée le {date}\u00a0; les derniers chiffres datent de ce moment.",
  "waits.compare.chartUnavailable":
    "Le graphique des deux hôpitaux demande une connexion\u00a0: leurs chiffres pour cette période ne sont pas enregistrés sur cet appareil.",
  "waits.table.scroll":
    "Le tableau est plus large que l’écran\u00a0: faites-le défiler de côté pour voir toutes les colonnes.",
  "waits.usualMethod":
    "Sauf mention contraire ci-dessous, les hôpitaux de la province ({province}) publient\u00a0: {metric} ({statistic}).",
  "waits.otherMethod": "Publie autre chose\u00a0:",
  // Comparaisons d’une province qui publie un chiffre par mois (Ontario).
  "waits.bench.monthly":
    "Cette province publie un chiffre par mois. Chaque chiffre ci-dessous est celui de l’hôpital pour {month}, comparé au mois précédent : ce n’est pas une moyenne sur la période choisie ci-dessus.",
  // Les pages d’attente pour une personne inquiète sur un téléphone (911 d’abord, près de moi de
  // part et d’autre d’une frontière, l’introduction tirée de la méthode).
  "waits.emergency.now": "maintenant, n’attendez pas.",
  "waits.intro.reporting": "Ils comptent à partir {starts}, et publient {statistics}.",
  "waits.intro.start.TRIAGE": "du triage",
  "waits.intro.start.REGISTRATION": "de l’inscription",
  "waits.intro.start.DOOR": "de l’arrivée à la porte",
  "waits.intro.start.UNKNOWN": "d’un moment que l’éditeur ne précise pas",
  "waits.intro.statistic.P90": "un 90e centile",
  "waits.intro.statistic.MEDIAN": "une médiane",
  "waits.intro.statistic.MEAN": "une moyenne",
  "waits.intro.statistic.ROLLING_AVG": "une moyenne mobile",
  "waits.intro.statistic.ALGORITHMIC": "une estimation par modèle",
  "waits.intro.statistic.POINT_ESTIMATE": "une estimation actuelle",
  "waits.about": "Comment lire ces chiffres, et autres vues",
  "waits.find.labelShort": "Chercher un hôpital (nom ou ville)",
  "waits.near.privacyShort":
    "Votre position n’est lue qu’en appuyant sur « Près de moi », jamais enregistrée ni envoyée.",
  "waits.near.heading": "Hôpitaux les plus proches",
  "waits.near.provinces":
    "Les hôpitaux près de vous se trouvent dans plus d’une province\u00a0: {provinces}. Les provinces ne mesurent pas l’attente de la même façon\u00a0: leurs chiffres ne se classent pas ensemble. Chaque fiche dit ce que mesure son chiffre.",
  // The province's feed has not reached us: said once, not blamed on each hospital.
  "waits.provinceQuiet":
    "{province}\u00a0: aucun hôpital n’a de chiffre récent. Les chiffres que publie la province ne sont pas parvenus à ce site ces derniers temps\u00a0; ses urgences restent ouvertes comme d’habitude.",
  // La méthodologie d’un hôpital a changé pendant la période (MethodologyChangeNote).
  "waits.change.heading": "Un changement dans la façon de mesurer ce chiffre",
  "waits.change.way": "{span}, {statistic}",
  "waits.change.sentence":
    "Le {date}, cet hôpital a changé sa façon de mesurer ce chiffre. Avant : {before}. Depuis : {after}. Ce sont deux mesures différentes, qu’on ne peut pas comparer.",
  "waits.change.shown": "Seuls les chiffres mesurés de la nouvelle façon sont affichés, à partir du {date}.",
};
