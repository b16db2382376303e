/**
 * The fixed search-quality set: English and French queries, about half phrased as needs rather than
 * categories, each with the services (by id) any of which is an acceptable answer in the top 3.
 */
export interface QualityCase {
  query: string;
  locale: "en" | "fr";
  need: boolean;
  accept: string[];
}

const FOOD = [
  "partners-in-mission-food-bank",
  "student-food-bank-queens",
  "st-lawrence-food-pantry",
  "st-vincent-de-paul-kingston",
  "lunch-by-george",
  "marthas-table-kingston",
  "marthas-table",
  "salvation-army-rideau-heights",
  "salvation-army-cfs",
  "st-marys-cathedral-drop-in",
  "loving-spoonful",
  "good-food-box-kingston",
  "lionhearts-fresh-food-market",
];
const SHELTER = [
  "in-from-the-cold",
  "kingston-youth-shelter",
  "ryandale-shelter",
  "dawn-house-womens-shelter",
  "dawn-house-shelter",
  "kingston-home-base-housing",
  "salvation-army-housing-help",
];
const SUICIDE = [
  "crisis-988",
  "crisis-talk-suicide-canada",
  "amhs-kfla-crisis-line",
  "crisis-text-line",
  "telephone-aid-line-kingston-talk",
];
const VIOLENCE = [
  "assaulted-womens-helpline",
  "crisis-assaulted-womens-helpline",
  "kingston-interval-house",
  "ontario-sadv-navigation",
  "sack-sexual-assault-centre",
  "sexual-assault-centre-kingston",
  "ontario-femaide",
  "victim-services-kingston",
  "ontario-victim-support-line",
];
const RENT = [
  "landlord-and-tenant-board-contact-centre",
  "landlord-s-self-help-centre",
  "community-legal-clinic-kingston",
  "salvation-army-housing-help",
  "kingston-home-base-housing",
  "steps-to-justice",
];
const LEGAL = [
  "community-legal-clinic-kingston",
  "legal-aid-ontario",
  "legal-aid-ontario-kingston",
  "queens-legal-aid",
  "legal-clinic-queens",
  "pro-bono-ontario",
  "law-society-referral-service",
  "steps-to-justice",
  "ontario-legal-information-centre",
  "cleo-community-legal-education",
];
const JOBS = [
  "keys-job-centre",
  "keys-job-centre-2",
  "restart-kingston",
  "re-start-employment",
  "jobwell-kingston",
  "slc-employment-service",
  "acfomi-kingston",
  "acls-kingston",
  "march-of-dimes-kingston",
];
const DOCTOR = [
  "cdk-family-medicine-walk-in",
  "kchc-weller-clinic",
  "street-health-centre",
  "hotel-dieu-urgent-care",
  "hotel-dieu-site",
  "crisis-telehealth-ontario",
];
const ER = [
  "kgh-emergency-department",
  "kingston-general-hospital",
  "hotel-dieu-urgent-care",
  "hotel-dieu-site",
];
const OVERDOSE = ["ontario-nors", "crisis-poison-control"];
const MONEY = ["ontario-works-kingston", "ontario-works-kb", "odsp-kingston", "service-canada-kingston"];
const YOUTH_LINE = [
  "kids-help-phone",
  "crisis-kids-help-phone",
  "crisis-good2talk",
  "ontario-black-youth-helpline",
  "ontario-lgbt-youthline",
];
const DISTRESS = [
  ...SUICIDE,
  ...YOUTH_LINE,
  "ontario-ontx-distress",
  "bounceback-ontario",
  "resolve-counselling",
  "coast-mental-health",
  "ontario-naseeha",
];
const ADDICTION = [
  "kingston-detox-centre",
  "crisis-connex-ontario",
  "integrated-care-hub",
  "trellis-hiv-community-care",
  "crisis-ontario-gambling",
];
const INDIGENOUS_LINE = [
  "hope-for-wellness-helpline",
  "crisis-hope-for-wellness",
  "crisis-talk4healing",
  "ontario-irs-crisis-line",
  "ontario-metis-crisis-line",
  "ontario-mmiwg-crisis-line",
];
const LIBRARY = [
  "kfpl-central-branch",
  "kfpl-calvin-park",
  "kfpl-isabel-turner",
  "kfpl-pittsburgh",
  "kfpl-rideau-heights",
  "kfpl-learning-programs",
];
const TRANS = [
  "crisis-trans-lifeline",
  "trans-lifeline-canada",
  "kchc-transgender-health-care",
  "tnet-kingston",
  "ontario-lgbt-youthline",
  "crisis-pflag-canada",
];
const GENERAL = ["crisis-211-ontario", "ontario-211-ontario"];
const NURSE = ["crisis-telehealth-ontario"];

const c = (query: string, locale: "en" | "fr", need: boolean, accept: string[]): QualityCase => ({
  query,
  locale,
  need,
  accept,
});

export const QUALITY_CASES: QualityCase[] = [
  // English, categories and keywords
  c("food bank", "en", false, FOOD),
  c("free meals", "en", false, FOOD),
  c("shelter", "en", false, SHELTER),
  c("homeless shelter", "en", false, SHELTER),
  c("suicide", "en", false, SUICIDE),
  c("legal aid", "en", false, LEGAL),
  c("employment services", "en", false, JOBS),
  c("walk-in clinic", "en", false, DOCTOR),
  c("emergency room", "en", false, ER),
  c("overdose", "en", false, OVERDOSE),
  c("detox", "en", false, ADDICTION),
  c("library", "en", false, LIBRARY),
  c("dentist", "en", false, ["kfla-public-health-dental"]),
  c("tenant rights", "en", false, RENT),
  c("ontario works", "en", false, MONEY),
  c("sexual health clinic", "en", false, [
    "kfla-sexual-health-clinic",
    "kfl-public-health-sexual",
    "sexual-health-infoline-ontario-shilo-",
  ]),
  c("shleter", "en", false, SHELTER),
  c("foood bank", "en", false, FOOD),
  c("hous", "en", false, [
    ...SHELTER,
    ...RENT,
    "habitat-restore-kingston",
    "habitat-for-humanity-kingston",
    "elizabeth-fry-society-kingston",
  ]),
  c("kids help phone", "en", false, YOUTH_LINE),
  // English, needs
  c("I can't pay my rent", "en", true, RENT),
  c("my partner hurts me", "en", true, VIOLENCE),
  c("I want to kill myself", "en", true, SUICIDE),
  c("I'm hungry and have nothing to eat", "en", true, FOOD),
  c("I have nowhere to sleep tonight", "en", true, SHELTER),
  c("my friend took too many pills", "en", true, OVERDOSE),
  c("I lost my job", "en", true, JOBS),
  c("I need a lawyer", "en", true, LEGAL),
  c("I need someone to talk to", "en", true, DISTRESS),
  c("I feel so anxious and overwhelmed", "en", true, DISTRESS),
  c("I don't have a family doctor", "en", true, DOCTOR),
  c("I want to stop drinking", "en", true, ADDICTION),
  c("no money to pay my bills", "en", true, MONEY),
  c("I was sexually assaulted", "en", true, VIOLENCE),
  c("I'm a teenager and I need to talk", "en", true, YOUTH_LINE),
  c("I don't know where to go for help", "en", true, GENERAL),
  c("I want to talk to a nurse", "en", true, NURSE),
  c("my tooth hurts", "en", true, ["kfla-public-health-dental"]),
  c("I'm being evicted from my apartment", "en", true, RENT),
  c("I need help quitting smoking", "en", true, ["talk-tobacco"]),
  // French, categories and keywords
  c("banque alimentaire", "fr", false, FOOD),
  c("nourriture", "fr", false, FOOD),
  c("hébergement", "fr", false, SHELTER),
  c("hebergement d'urgence", "fr", false, SHELTER),
  c("suicide", "fr", false, SUICIDE),
  c("aide juridique", "fr", false, LEGAL),
  c("emploi", "fr", false, JOBS),
  c("clinique sans rendez-vous", "fr", false, DOCTOR),
  c("urgence hôpital", "fr", false, ER),
  c("surdose", "fr", false, OVERDOSE),
  c("bibliothèque", "fr", false, LIBRARY),
  c("dentiste", "fr", false, ["kfla-public-health-dental"]),
  c("locataire", "fr", false, RENT),
  c("aide sociale", "fr", false, MONEY),
  c("ligne d'écoute autochtone", "fr", false, INDIGENOUS_LINE),
  c("trans", "fr", false, TRANS),
  // French, needs
  c("j'ai faim", "fr", true, FOOD),
  c("je ne peux pas payer mon loyer", "fr", true, RENT),
  c("mon conjoint me frappe", "fr", true, VIOLENCE),
  c("je veux mourir", "fr", true, SUICIDE),
  c("je n'ai nulle part où dormir", "fr", true, SHELTER),
  c("j'ai perdu mon emploi", "fr", true, JOBS),
  c("j'ai besoin d'un avocat", "fr", true, LEGAL),
  c("j'ai besoin de parler à quelqu'un", "fr", true, DISTRESS),
  c("je veux arrêter de boire", "fr", true, ADDICTION),
  c("je n'ai pas de médecin de famille", "fr", true, DOCTOR),
  c("je ne sais pas où aller", "fr", true, GENERAL),
  c("mon ami a pris trop de pilules", "fr", true, OVERDOSE),
  c("je suis malade et je dois voir un médecin", "fr", true, DOCTOR),
  c("je veux arrêter de fumer", "fr", true, ["talk-tobacco"]),
];
