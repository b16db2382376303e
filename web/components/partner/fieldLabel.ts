import { en, type MessageKey } from "../../i18n/en";
import { t } from "../../i18n/i18n";

/** A service field's name in the reader's language; the raw name for a field without a label. */
export function fieldLabel(field: string): string {
  const key = `partner.field.${field}`;
  return key in en ? t(key as MessageKey) : field;
}
