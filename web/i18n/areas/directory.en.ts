// English messages for directory service pages: phone lines and where a record's facts come from
// (merged into ../en.ts). Keys start with "phone." or "source." and must not repeat a key of ../en.ts.
export const directoryEn = {
  "phone.mobileCode": "Dial {code} from a mobile phone",
  "phone.text": "Text {number}",
  "phone.hint.dial": "Dials {number}.",
  "phone.hint.short": "Dials {number} from any phone in Canada.",
  "phone.hint.mobile": "Shown as a code to dial from a mobile phone ({digits}); no call link.",
  "phone.hint.text": "Shown as a text line: messages go to {number}.",
  "phone.hint.invalid":
    "This cannot be dialled or texted. Give a number with its area code (613-549-1232, ext. 1218), a short code (211, #SAFE) or a text line (text 686868).",
  "source.publishedBy": "Published by {publisher} ({site}).",
  "source.publishedOn": "Published on {site}.",
  "source.partner": "Published by {organization} through its partner account.",
  "source.checked": "Last checked on {date}.",
  "source.copied": "Copied on {date}; not yet checked by a person.",
  "source.curators": "Verified by the directory's curators on {date}.",
  "source.curatorsUndated": "Verified by the directory's curators.",
  "source.imported": "Added by the directory's curators on {date}.",
  "source.updated": "Updated on {date}.",
  "takeaway.heading": "Take it with you",
  "takeaway.qr":
    "Scan this code with your phone's camera to save the name, phone numbers, address and hours as a contact. It works without internet.",
  "takeaway.qrLabel": "QR code with the contact details of {name}",
  "takeaway.print": "Print",
  "takeaway.printHint": "Prints one page with the name, phone numbers, address, hours and how to apply.",
  "takeaway.directions": "Directions",
  "takeaway.map": "Map (OpenStreetMap)",
} as const;
