/**
 * What a `?kiosk=` parameter asks for: "on" (`1`, `true`), "off" (`0`, `false`) or nothing.
 * It is only a request: turning kiosk mode on needs a staff PIN chosen in Settings, and turning it
 * off needs that PIN, so the address bar alone never changes the mode.
 */
export function kioskRequestFromUrl(search: string): "on" | "off" | null {
  const param = new URLSearchParams(search).get("kiosk");
  if (param === "1" || param === "true") return "on";
  if (param === "0" || param === "false") return "off";
  return null;
}

/** The same address without its `kiosk` parameter. */
export function withoutKioskParam(pathname: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  params.delete("kiosk");
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ""}${hash}`;
}
