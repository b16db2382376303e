/** The HSDS routes pick their language with the server's one picker (server/core/http/response-lang.ts). */
export { LANGS, type Lang, responseLang } from "../../core/http/response-lang.js";
