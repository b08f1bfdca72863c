// The server's rule for display names (protocol/PROTOCOL.md), checked before
// sending so that the common mistakes get an answer at once; the server decides
// (it also refuses unassigned characters and normalises to NFC).
export function validName(name) {
  if (!name) return 'Choose a name.';
  const nfc = name.normalize('NFC');
  if ([...nfc].length > 24) return 'A name has at most 24 characters.';
  if (/[<>"&\\]/.test(nfc)) return 'A name cannot contain < > " & or \\.';
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}]/u.test(nfc)) return 'A name cannot contain control, invisible or formatting characters.';
  if (/(?! )[\s\p{Zs}]/u.test(nfc)) return 'The only space allowed is the plain space.';
  if (/^ | $|  /.test(nfc)) return 'No space at the start or end of a name, and no two in a row.';
  if (!/[\p{L}\p{N}]/u.test(nfc)) return 'A name needs at least one letter or digit.';
  return '';
}
