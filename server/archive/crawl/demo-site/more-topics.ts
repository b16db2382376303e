/** More demo topics (see topics.ts): shorter entries, same shape. */
import type { Topic } from "./topics.js";

const t = (
  slug: string,
  en: [string, string, string[], string[], string],
  fr: [string, string, string[], string[], string],
): Topic => ({
  slug,
  en: { name: en[0], summary: en[1], signs: en[2], prevention: en[3], advice: en[4] },
  fr: { name: fr[0], summary: fr[1], signs: fr[2], prevention: fr[3], advice: fr[4] },
});

export const moreTopics: Topic[] = [
  t(
    "radon",
    [
      "Radon in the home",
      "Radon is a radioactive gas from the ground that can build up indoors. Long exposure raises the risk of lung cancer.",
      ["no symptoms: radon cannot be seen or smelled"],
      [
        "Test your home with a long-term radon kit during the heating season.",
        "Hire a certified professional to reduce high levels.",
      ],
      "A test lasting at least three months gives the most reliable result.",
    ],
    [
      "Le radon dans la maison",
      "Le radon est un gaz radioactif provenant du sol qui peut s'accumuler à l'intérieur. Une longue exposition augmente le risque de cancer du poumon.",
      ["aucun symptôme : le radon est invisible et inodore"],
      [
        "Testez votre maison avec une trousse à long terme pendant la saison de chauffage.",
        "Faites appel à un professionnel certifié pour réduire un niveau élevé.",
      ],
      "Un test d'au moins trois mois donne le résultat le plus fiable.",
    ],
  ),
  t(
    "drinking-water",
    [
      "Safe drinking water",
      "Private wells are not tested by public authorities; owners are responsible for their water quality.",
      ["stomach upset after drinking well water"],
      ["Test well water for bacteria two or three times a year.", "Disinfect the well after flooding."],
      "Boil water for one minute when a boil-water advisory is in effect.",
    ],
    [
      "Eau potable salubre",
      "Les puits privés ne sont pas analysés par les autorités publiques; les propriétaires sont responsables de la qualité de leur eau.",
      ["maux d'estomac après avoir bu l'eau du puits"],
      [
        "Faites analyser l'eau du puits deux ou trois fois par année.",
        "Désinfectez le puits après une inondation.",
      ],
      "Faites bouillir l'eau pendant une minute lorsqu'un avis d'ébullition est en vigueur.",
    ],
  ),
  t(
    "sun-safety",
    [
      "Sun safety",
      "Ultraviolet rays from the sun can burn skin and damage eyes, even on cloudy days.",
      ["red, painful skin", "blistering"],
      [
        "Use sunscreen with SPF 30 or higher.",
        "Seek shade between 11 a.m. and 3 p.m.",
        "Wear a wide-brimmed hat and sunglasses.",
      ],
      "Keep babies under one year out of direct sunlight.",
    ],
    [
      "Protection solaire",
      "Les rayons ultraviolets du soleil peuvent brûler la peau et abîmer les yeux, même par temps nuageux.",
      ["peau rouge et douloureuse", "cloques"],
      [
        "Utilisez un écran solaire FPS 30 ou plus.",
        "Restez à l'ombre entre 11 h et 15 h.",
        "Portez un chapeau à large bord et des lunettes de soleil.",
      ],
      "Gardez les bébés de moins d'un an à l'abri du soleil direct.",
    ],
  ),
  t(
    "physical-activity",
    [
      "Physical activity",
      "Regular activity lowers the risk of heart disease, type 2 diabetes and depression.",
      ["shortness of breath during light effort may signal low fitness"],
      [
        "Adults: aim for 150 minutes of moderate to vigorous activity each week.",
        "Add muscle-strengthening activities twice a week.",
        "Sit less and break up long periods of sitting.",
      ],
      "Start slowly and build up; any activity is better than none.",
    ],
    [
      "Activité physique",
      "Une activité régulière réduit le risque de maladie du cœur, de diabète de type 2 et de dépression.",
      ["un essoufflement lors d'un effort léger peut indiquer une faible condition physique"],
      [
        "Adultes : visez 150 minutes d'activité modérée à vigoureuse par semaine.",
        "Ajoutez des exercices de renforcement musculaire deux fois par semaine.",
        "Limitez le temps passé assis.",
      ],
      "Commencez doucement et progressez; toute activité vaut mieux que rien.",
    ],
  ),
  t(
    "tuberculosis",
    [
      "Tuberculosis",
      "Tuberculosis (TB) is a bacterial infection that usually affects the lungs and spreads through the air.",
      ["a cough lasting more than three weeks", "night sweats", "weight loss"],
      [
        "Finish the full course of treatment when prescribed.",
        "Get tested if you were in close contact with someone who has active TB.",
      ],
      "TB can be cured with antibiotics taken for several months.",
    ],
    [
      "Tuberculose",
      "La tuberculose est une infection bactérienne qui touche le plus souvent les poumons et se transmet par l'air.",
      ["une toux qui dure plus de trois semaines", "sueurs nocturnes", "perte de poids"],
      [
        "Terminez le traitement prescrit au complet.",
        "Faites-vous dépister si vous avez été en contact étroit avec une personne atteinte de tuberculose active.",
      ],
      "La tuberculose se guérit avec des antibiotiques pris pendant plusieurs mois.",
    ],
  ),
  t(
    "hand-hygiene",
    [
      "Hand hygiene",
      "Clean hands are one of the simplest ways to stop the spread of germs.",
      ["none: germs on hands are invisible"],
      [
        "Wash with soap and water for at least 20 seconds.",
        "Use an alcohol-based sanitizer when soap is not available.",
        "Cover coughs and sneezes with your sleeve.",
      ],
      "Teach children to wash their hands before eating and after using the toilet.",
    ],
    [
      "Hygiène des mains",
      "Se laver les mains est l'un des moyens les plus simples de freiner la propagation des microbes.",
      ["aucun : les microbes sur les mains sont invisibles"],
      [
        "Lavez-vous les mains à l'eau et au savon pendant au moins 20 secondes.",
        "Utilisez un désinfectant à base d'alcool si le savon n'est pas disponible.",
        "Toussez et éternuez dans votre manche.",
      ],
      "Apprenez aux enfants à se laver les mains avant de manger et après être allés aux toilettes.",
    ],
  ),
  t(
    "mental-health",
    [
      "Mental health and wellness",
      "Mental health affects how we think, feel and cope with daily life. Support is available.",
      ["lasting sadness", "trouble sleeping", "withdrawing from friends"],
      [
        "Stay connected with people you trust.",
        "Keep regular sleep and meal times.",
        "Talk to a health professional early.",
      ],
      "If you are in crisis, call or text 988 at any time.",
    ],
    [
      "Santé mentale et bien-être",
      "La santé mentale influence notre façon de penser, de ressentir et de faire face au quotidien. De l'aide est offerte.",
      ["tristesse persistante", "troubles du sommeil", "isolement"],
      [
        "Gardez le contact avec des personnes de confiance.",
        "Gardez des heures régulières de sommeil et de repas.",
        "Parlez tôt à un professionnel de la santé.",
      ],
      "En situation de crise, appelez ou textez le 988 en tout temps.",
    ],
  ),
  t(
    "quitting-smoking",
    [
      "Quitting smoking",
      "Quitting smoking at any age improves health; benefits start within hours.",
      ["cravings", "irritability during withdrawal"],
      ["Set a quit date.", "Ask about nicotine replacement therapy.", "Use a free quitline for coaching."],
      "Many people try several times before quitting for good; each attempt counts.",
    ],
    [
      "Arrêter de fumer",
      "Cesser de fumer à tout âge améliore la santé; les bienfaits commencent en quelques heures.",
      ["envies de fumer", "irritabilité pendant le sevrage"],
      [
        "Choisissez une date d'arrêt.",
        "Renseignez-vous sur les thérapies de remplacement de la nicotine.",
        "Utilisez une ligne d'aide gratuite.",
      ],
      "Beaucoup de gens font plusieurs tentatives avant d'arrêter pour de bon; chaque essai compte.",
    ],
  ),
  t(
    "rabies",
    [
      "Rabies",
      "Rabies is a viral disease spread through the bite or scratch of an infected animal. It is almost always fatal once symptoms appear.",
      ["tingling at the bite site", "fever", "agitation"],
      ["Vaccinate pets against rabies.", "Avoid contact with wild animals, especially bats."],
      "Wash any bite with soap and water for 15 minutes and seek care the same day.",
    ],
    [
      "Rage",
      "La rage est une maladie virale transmise par la morsure ou l'égratignure d'un animal infecté. Elle est presque toujours mortelle une fois les symptômes apparus.",
      ["picotements au site de la morsure", "fièvre", "agitation"],
      [
        "Faites vacciner vos animaux contre la rage.",
        "Évitez tout contact avec les animaux sauvages, surtout les chauves-souris.",
      ],
      "Lavez toute morsure à l'eau et au savon pendant 15 minutes et consultez le jour même.",
    ],
  ),
  t(
    "childhood-immunization",
    [
      "Childhood immunization",
      "Routine vaccines protect children against serious diseases such as whooping cough, polio and measles.",
      ["mild fever or soreness after a vaccine is common"],
      ["Follow your province's immunization schedule.", "Keep your child's vaccination record up to date."],
      "Side effects are usually mild and pass within a day or two.",
    ],
    [
      "Vaccination des enfants",
      "Les vaccins courants protègent les enfants contre des maladies graves comme la coqueluche, la polio et la rougeole.",
      ["une légère fièvre ou une douleur après un vaccin est fréquente"],
      [
        "Suivez le calendrier de vaccination de votre province.",
        "Tenez à jour le carnet de vaccination de votre enfant.",
      ],
      "Les effets secondaires sont généralement légers et disparaissent en un jour ou deux.",
    ],
  ),
];
