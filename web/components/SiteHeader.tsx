import { A } from "@solidjs/router";
import { t } from "../i18n/i18n";
import LanguageSwitch from "./LanguageSwitch";
import MainNav from "./MainNav";

export default function SiteHeader() {
  return (
    <header class="site-header">
      <div class="header-row">
        <A href="/" class="brand" end>
          <img src="/icons/icon-192.png" alt="" width="32" height="32" />
          <span>{t("app.name")}</span>
        </A>
        <LanguageSwitch />
      </div>
      <MainNav />
    </header>
  );
}
