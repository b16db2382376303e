export { boundedEditDistance, typoBudget } from "./distance.js";
export { foldAccents, slugify } from "./fold.js";
export { isStopWord, stem, tokenize, words } from "./tokenize.js";
