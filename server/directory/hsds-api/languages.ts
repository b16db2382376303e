/** Language names to ISO 639 codes and back, shared with the web app (shared/text/language-names.ts). */
export { languageCode, languageName } from "../../../shared/text/language-names.js";
