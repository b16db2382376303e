export { boundedEditDistance, typoBudget } from "./distance.js";
export { foldAccents } from "./fold.js";
export { isStopWord, stem, tokenize, words } from "./tokenize.js";
