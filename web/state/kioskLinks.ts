// On a kiosk every link opens where the visitor is. A middle click, Ctrl, ⌘ or Shift with a click
// (or with Enter) would open another tab or window the visitor may never see, Alt with a click
// saves what the link leads to as a file, and a link's menu (a right click, a long press) offers all
// of these. So a click that would do any of them is made a plain click, and a link's menu does not
// open.

const opensElsewhere = (event: MouseEvent) =>
  event.button === 1 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

const linkOf = (event: Event): HTMLAnchorElement | null =>
  event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;

/** Installs the listeners; returns what removes them. */
export function keepLinksInThisTab(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.button > 1 || !opensElsewhere(event)) return; // a right button's menu: onMenu
    const link = linkOf(event);
    if (!link) return;
    event.preventDefault();
    event.stopPropagation();
    // A plain click on the same link: the router's, or the browser's for a tel: or sms: link. Not
    // link.click(), which does nothing inside the click that Enter makes on a link.
    const plain = new MouseEvent("click", { bubbles: true, cancelable: true, composed: true, view: window });
    link.dispatchEvent(plain);
  };
  const onMenu = (event: MouseEvent) => {
    if (linkOf(event)) event.preventDefault();
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("auxclick", onClick, true);
  document.addEventListener("contextmenu", onMenu, true);
  return () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("auxclick", onClick, true);
    document.removeEventListener("contextmenu", onMenu, true);
  };
}
