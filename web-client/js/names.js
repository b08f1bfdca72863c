// The server's rule for display names (protocol/PROTOCOL.md), checked before sending.
export function validName(name) {
  if (!name) return 'Choose a name.';
  if ([...name].length > 24) return 'A name has at most 24 characters.';
  if (/[\u0000-\u001f\u007f<>"&\\]/.test(name)) return 'A name cannot contain < > " & \\ or control characters.';
  return '';
}
