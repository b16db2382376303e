/**
 * Text of the bundled demo site: plain public-health topics in English and French, written for
 * this project. Each topic has an overview and a prevention page per language. `v2` holds what the
 * second dated version of the site changes (updated advice, figures), so the two crawls differ.
 */
export interface TopicText {
  name: string;
  summary: string;
  signs: string[];
  prevention: string[];
  advice: string;
}

export interface Topic {
  slug: string;
  en: TopicText;
  fr: TopicText;
  /** Replaces parts of the text in the second version of the site. */
  v2?: { en: Partial<TopicText>; fr: Partial<TopicText> };
  /** Only in one version of the site. */
  only?: 1 | 2;
}

export const topics: Topic[] = [
  {
    slug: "influenza",
    en: {
      name: "Seasonal influenza",
      summary:
        "Influenza is a respiratory infection caused by flu viruses. It spreads most in late fall and winter.",
      signs: ["sudden fever", "cough", "muscle aches", "extreme tiredness"],
      prevention: [
        "Get the flu vaccine every fall.",
        "Wash your hands often with soap and water.",
        "Stay home when you are sick.",
      ],
      advice: "Most people recover within a week to ten days. Seek care if breathing becomes difficult.",
    },
    fr: {
      name: "Grippe saisonnière",
      summary:
        "La grippe est une infection respiratoire causée par les virus de l'influenza. Elle circule surtout à la fin de l'automne et en hiver.",
      signs: ["fièvre soudaine", "toux", "douleurs musculaires", "grande fatigue"],
      prevention: [
        "Faites-vous vacciner contre la grippe chaque automne.",
        "Lavez-vous souvent les mains à l'eau et au savon.",
        "Restez à la maison si vous êtes malade.",
      ],
      advice:
        "La plupart des gens se rétablissent en une semaine à dix jours. Consultez si vous avez du mal à respirer.",
    },
    v2: {
      en: {
        advice:
          "Most people recover within a week to ten days. Antiviral treatment works best when started within 48 hours of the first symptoms; ask a pharmacist or clinician.",
      },
      fr: {
        advice:
          "La plupart des gens se rétablissent en une semaine à dix jours. Un traitement antiviral est plus efficace s'il commence dans les 48 heures suivant les premiers symptômes; parlez-en à un pharmacien ou à un clinicien.",
      },
    },
  },
  {
    slug: "measles",
    en: {
      name: "Measles",
      summary:
        "Measles is a highly contagious viral disease that can cause serious complications, especially in young children.",
      signs: ["high fever", "runny nose", "red and watery eyes", "a blotchy rash that starts on the face"],
      prevention: [
        "Two doses of measles-containing vaccine give lasting protection.",
        "Check your vaccination record before travelling.",
      ],
      advice:
        "If you think you have measles, call ahead before visiting a clinic so staff can protect others.",
    },
    fr: {
      name: "Rougeole",
      summary:
        "La rougeole est une maladie virale très contagieuse qui peut entraîner des complications graves, surtout chez les jeunes enfants.",
      signs: [
        "forte fièvre",
        "écoulement nasal",
        "yeux rouges et larmoyants",
        "éruption cutanée qui commence au visage",
      ],
      prevention: [
        "Deux doses de vaccin contre la rougeole protègent durablement.",
        "Vérifiez votre carnet de vaccination avant de voyager.",
      ],
      advice:
        "Si vous pensez avoir la rougeole, appelez avant de vous rendre à une clinique afin que le personnel puisse protéger les autres.",
    },
    v2: {
      en: {
        summary:
          "Measles is a highly contagious viral disease that can cause serious complications. Cases have risen in several regions this year, so checking your vaccination status matters more than ever.",
      },
      fr: {
        summary:
          "La rougeole est une maladie virale très contagieuse qui peut entraîner des complications graves. Les cas ont augmenté dans plusieurs régions cette année; il est d'autant plus important de vérifier votre statut vaccinal.",
      },
    },
  },
  {
    slug: "lyme-disease",
    en: {
      name: "Lyme disease",
      summary:
        "Lyme disease is caused by bacteria passed on through the bite of an infected blacklegged tick.",
      signs: ["a circular red rash", "fever and chills", "headache", "joint pain"],
      prevention: [
        "Wear light-coloured long sleeves and pants outdoors.",
        "Use an approved insect repellent.",
        "Check yourself, children and pets for ticks every day.",
      ],
      advice: "Remove an attached tick with fine-tipped tweezers, pulling slowly and steadily.",
    },
    fr: {
      name: "Maladie de Lyme",
      summary:
        "La maladie de Lyme est causée par une bactérie transmise par la piqûre d'une tique à pattes noires infectée.",
      signs: [
        "éruption rouge de forme circulaire",
        "fièvre et frissons",
        "maux de tête",
        "douleurs articulaires",
      ],
      prevention: [
        "Portez des vêtements longs et de couleur claire à l'extérieur.",
        "Utilisez un insectifuge homologué.",
        "Examinez-vous, ainsi que vos enfants et vos animaux, chaque jour.",
      ],
      advice: "Retirez une tique accrochée avec une pince à bouts fins, en tirant lentement et fermement.",
    },
  },
  {
    slug: "food-safety",
    en: {
      name: "Food safety at home",
      summary: "Foodborne illness happens when food is contaminated by bacteria, viruses or parasites.",
      signs: ["nausea", "vomiting", "diarrhea", "stomach cramps"],
      prevention: [
        "Clean hands and surfaces often.",
        "Keep raw meat apart from ready-to-eat food.",
        "Cook food to a safe internal temperature.",
        "Refrigerate leftovers within two hours.",
      ],
      advice:
        "Drink plenty of fluids. See a health professional if symptoms are severe or last more than three days.",
    },
    fr: {
      name: "Salubrité des aliments à la maison",
      summary:
        "Une intoxication alimentaire survient lorsque des aliments sont contaminés par des bactéries, des virus ou des parasites.",
      signs: ["nausées", "vomissements", "diarrhée", "crampes abdominales"],
      prevention: [
        "Lavez souvent vos mains et les surfaces.",
        "Séparez la viande crue des aliments prêts à manger.",
        "Faites cuire les aliments à une température interne sécuritaire.",
        "Réfrigérez les restes dans les deux heures.",
      ],
      advice:
        "Buvez beaucoup de liquides. Consultez un professionnel de la santé si les symptômes sont graves ou durent plus de trois jours.",
    },
    v2: {
      en: {
        prevention: [
          "Clean hands and surfaces often.",
          "Keep raw meat apart from ready-to-eat food.",
          "Cook food to a safe internal temperature; use a digital food thermometer.",
          "Refrigerate leftovers within two hours and eat them within four days.",
        ],
      },
      fr: {
        prevention: [
          "Lavez souvent vos mains et les surfaces.",
          "Séparez la viande crue des aliments prêts à manger.",
          "Faites cuire les aliments à une température interne sécuritaire; utilisez un thermomètre numérique.",
          "Réfrigérez les restes dans les deux heures et mangez-les dans les quatre jours.",
        ],
      },
    },
  },
  {
    slug: "extreme-heat",
    en: {
      name: "Extreme heat",
      summary:
        "Hot weather can cause heat exhaustion and heat stroke. Older adults, infants and people with chronic illness are most at risk.",
      signs: ["heavy sweating", "dizziness", "headache", "confusion"],
      prevention: [
        "Drink water before you feel thirsty.",
        "Spend time in a cool place.",
        "Check on neighbours who live alone.",
      ],
      advice: "Heat stroke is a medical emergency: call 911 and cool the person right away.",
    },
    fr: {
      name: "Chaleur extrême",
      summary:
        "Le temps chaud peut causer l'épuisement par la chaleur et le coup de chaleur. Les personnes âgées, les nourrissons et les personnes atteintes de maladies chroniques sont les plus à risque.",
      signs: ["transpiration abondante", "étourdissements", "maux de tête", "confusion"],
      prevention: [
        "Buvez de l'eau avant d'avoir soif.",
        "Passez du temps dans un endroit frais.",
        "Prenez des nouvelles des voisins qui vivent seuls.",
      ],
      advice:
        "Le coup de chaleur est une urgence médicale : composez le 911 et rafraîchissez la personne immédiatement.",
    },
    only: 2,
  },
  {
    slug: "h1n1-2009",
    en: {
      name: "H1N1 flu virus (2009 pandemic, archived)",
      summary: "This page kept information about the 2009 H1N1 pandemic for reference.",
      signs: ["fever", "cough", "sore throat"],
      prevention: ["Seasonal flu vaccines now include protection against H1N1 strains."],
      advice: "For current advice, see the seasonal influenza page.",
    },
    fr: {
      name: "Virus de la grippe H1N1 (pandémie de 2009, archivé)",
      summary: "Cette page conservait de l'information sur la pandémie de H1N1 de 2009 à titre de référence.",
      signs: ["fièvre", "toux", "mal de gorge"],
      prevention: ["Les vaccins contre la grippe saisonnière protègent maintenant contre les souches H1N1."],
      advice: "Pour les conseils actuels, consultez la page sur la grippe saisonnière.",
    },
    only: 1,
  },
];
