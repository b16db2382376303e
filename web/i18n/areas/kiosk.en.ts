// English messages for kiosk mode (merged into ../en.ts): the Settings section, the "Still there?"
// warning, the notice on pages a kiosk does not offer and the kiosk bar (Start over, crisis lines).
// Keys start with "kiosk.".
export const kioskEn = {
  "kiosk.heading": "Kiosk mode",
  "kiosk.body":
    "For a shared screen in a waiting room or library: larger text and buttons, no sign-in pages, and after a quiet spell the screen starts over, deleting what this app kept of the last person's visit. The browser keeps its own history of the pages shown, which the app cannot delete: set the browser up not to keep it.",
  "kiosk.setup.intro":
    "Choose a staff PIN before turning it on. Kiosk mode can only be turned off with this PIN.",
  "kiosk.setup.pin": "Staff PIN (4 to 12 digits)",
  "kiosk.setup.pinAgain": "Staff PIN again",
  "kiosk.setup.idle": "Start over after this many seconds without use",
  "kiosk.setup.warning": "Warn this many seconds before starting over",
  "kiosk.setup.language": "Language for each new visitor",
  "kiosk.setup.submit": "Turn on kiosk mode",
  "kiosk.setup.working": "Turning on kiosk mode…",
  "kiosk.error.pinFormat": "Enter 4 to 12 digits, numbers only.",
  "kiosk.error.pinAgain": "The two PINs are not the same. Type the same PIN twice.",
  "kiosk.error.idle": "Enter a whole number of seconds from {min} to {max}.",
  "kiosk.error.warning": "Enter a whole number of seconds from {min} to {max}, shorter than the wait above.",
  "kiosk.unlock.intro": "Kiosk mode is on. Staff can turn it off with the PIN chosen when it was turned on.",
  "kiosk.unlock.settings":
    "The screen starts over after {idle} seconds without use, with a warning {warning} seconds before.",
  "kiosk.unlock.pin": "Staff PIN",
  "kiosk.unlock.submit": "Turn off kiosk mode",
  "kiosk.unlock.checking": "Checking the PIN…",
  "kiosk.unlock.wrong": "That PIN is not right. Kiosk mode stays on.",
  "kiosk.unlock.wait":
    "Too many wrong PINs. Try again in {seconds, plural, one {# second} other {# seconds}}.",
  "kiosk.unlock.wrongWait":
    "That PIN is not right. Try again in {seconds, plural, one {# second} other {# seconds}}.",
  "kiosk.unlock.missing": "Enter the staff PIN.",
  "kiosk.setup.legacy": "Kiosk mode is on but has no staff PIN yet. Choose one to lock it.",
  "kiosk.setup.lock": "Lock kiosk mode",
  "kiosk.setup.failed":
    "Kiosk mode could not be turned on: this browser does not let the app keep settings on this device.",
  "kiosk.off": "Kiosk mode is off on this device.",
  "kiosk.warning.title": "Still there?",
  "kiosk.warning.body":
    "To protect your privacy, this screen will start over in {seconds, plural, one {# second} other {# seconds}}.",
  "kiosk.warning.hint": "Touch the screen or press any key to keep going.",
  "kiosk.warning.stay": "I'm still here",
  "kiosk.blocked.title": "Not available on this screen",
  "kiosk.blocked.body":
    "Signing in is turned off on this shared screen to protect accounts. Please use your own device.",
  "kiosk.blocked.home": "Go to the home page",
  "kiosk.startOver": "I'm done / Start over",
  "kiosk.crisis.label": "Help now",
  "kiosk.crisis.call911": "Call 911",
  "kiosk.staff.heading": "Staff settings",
  "kiosk.staff.intro":
    "On this shared screen, the other settings (saved information, updates, storage) are for staff. Enter the staff PIN to see them.",
  "kiosk.staff.pin": "Staff PIN",
  "kiosk.staff.submit": "Show staff settings",
  "kiosk.staff.wrong": "That PIN is not right. The staff settings stay hidden.",
};
