const reserved = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * Control characters (C0, DEL, C1), bidirectional controls that reorder what a name shows (U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069: `invoice\u202Efdp.exe` reads as `invoiceexe.pdf`) and zero-width U+200B, U+2060.
 */
const invisible = /[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069]/gu;

/**
 * A safe file name from a client's: the last path component only (either slash), no control, bidirectional or
 * zero-width characters, no characters file systems or shells treat specially, no leading dots or trailing
 * dots/spaces, not a Windows device name, at most 200 characters (extension kept, no character cut in half).
 * Empty results become `file`.
 */
export function sanitizeFilename(input: string): string {
  const base = input.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(invisible, '')
    .replace(/[<>:"|?*#%&{}$!`'=@+^~[\];,]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (reserved.test(name)) name = `_${name}`;
  if (name.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    const cut = 200 - ext.length;
    name = name.slice(0, /[\uDC00-\uDFFF]/.test(name[cut]) ? cut - 1 : cut) + ext;
  }
  return name === '' ? 'file' : name;
}
