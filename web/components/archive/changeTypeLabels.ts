// Message keys naming each kind of change in the feed.
import type { ChangeType } from "../../data/archive/changes";
import type { MessageKey } from "../../i18n/en";

export const CHANGE_TYPE_LABELS: Record<ChangeType, MessageKey> = {
  new_page: "archive.change.new_page",
  updated: "archive.change.updated",
  removed: "archive.change.removed",
};
