import { useSearchParams } from "@solidjs/router";
import SearchForm from "../components/SearchForm";
import { usePageTitle } from "../components/usePageTitle";
import { t } from "../i18n/i18n";

export default function Search() {
  usePageTitle("nav.search");
  const [params] = useSearchParams();
  const initial = () => (typeof params.q === "string" ? params.q : "");
  return (
    <>
      <h1>{t("nav.search")}</h1>
      <SearchForm initial={initial()} />
    </>
  );
}
