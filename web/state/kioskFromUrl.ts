/** `?kiosk=1` turns kiosk mode on, `?kiosk=0` off; otherwise the stored choice holds. */
export function kioskFromUrl(search: string, stored: string | null): boolean {
  const param = new URLSearchParams(search).get("kiosk");
  if (param === "1" || param === "true") return true;
  if (param === "0" || param === "false") return false;
  return stored === "1";
}
