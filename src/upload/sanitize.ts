const reserved = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * A safe file name from a client's: the last path component only (either slash), no control characters, no
 * characters file systems or shells treat specially, no leading dots or trailing dots/spaces, not a Windows
 * device name, at most 200 characters (extension kept). Empty results become `file`.
 */
export function sanitizeFilename(input: string): string {
  const base = input.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[<>:"|?*#%&{}$!`'=@+^~\[\];,]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (reserved.test(name)) name = `_${name}`;
  if (name.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, 200 - ext.length) + ext;
  }
  return name === '' ? 'file' : name;
}
