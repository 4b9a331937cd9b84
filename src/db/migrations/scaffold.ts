import { MIGRATION_FILE } from './file';

/** The next migration file for `name` after the existing ones: `{ fileName: '003_add_users.sql', content }`. */
export function scaffoldMigration(existingFiles: string[], name: string): { fileName: string; content: string } {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!slug) throw new TypeError(`"${name}" is not a usable migration name: use letters, digits, _ or -`);
  let last = 0;
  let width = 3;
  for (const file of existingFiles) {
    const match = MIGRATION_FILE.exec(file.slice(file.lastIndexOf('/') + 1));
    if (!match) continue;
    last = Math.max(last, Number(match[1]));
    width = Math.max(width, match[1].length);
  }
  const fileName = `${String(last + 1).padStart(width, '0')}_${slug}.sql`;
  const content = `-- up\n-- Write the change here; statements end with ";".\n\n-- down\n-- Write here what undoes it.\n`;
  return { fileName, content };
}
