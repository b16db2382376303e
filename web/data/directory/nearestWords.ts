// "Did you mean…" when nothing matched a search: the device's saved index (the one the offline
// search ranks with) names the words it holds nearest to what was typed. Online and offline alike;
// none before the device has its first copy of the directory. The index (and the database layer
// under it) is loaded only when a search found nothing, not with the search page.

export async function nearestWords(query: string): Promise<string[]> {
  const [{ nearestIndexedWords }, index] = await Promise.all([
    import("../../../shared/directory/nearest-words"),
    import("./deviceIndex").then((m) => m.deviceIndex()).catch(() => null),
  ]);
  return index ? nearestIndexedWords(index, query) : [];
}
