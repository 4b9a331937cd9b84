/**
 * Editor latency on a generated project, through the compiler's language server (lsp.ts): opens app.ts and
 * client.ts, asks for completions at the client's last line (the path of `client.get('')` for fw, the segment
 * after `client.` for Hono), then edits app.ts (a comment appended, so the app's type must be checked again) and asks
 * again, `edits` times. The first answer includes loading the project; the others are what a user waits for after
 * each edit of the app.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLsp } from './lsp';

/**
 * What one session measured: the first completion, each completion after an edit (ms), the server's CPU time for each
 * of those (ms; steadier than the wall time on a shared machine; empty without /proc), and how many items came back.
 */
export interface CompletionRun {
  firstMs: number;
  afterEditMs: number[];
  afterEditCpuMs: number[];
  items: number;
}

/** Where to complete in client.ts: inside the quotes of `client.get('')`, else right after the last `client.`. */
function completionPosition(text: string): { line: number; character: number } {
  const lines = text.split('\n');
  for (let line = lines.length - 1; line >= 0; line--) {
    const quotes = lines[line].indexOf("client.get('')");
    if (quotes >= 0) return { line, character: quotes + "client.get('".length };
    const dot = lines[line].indexOf('void client.');
    if (dot >= 0) return { line, character: dot + 'void client.'.length };
  }
  throw new Error('client.ts has no completion line');
}

const itemCount = (result: unknown): number =>
  Array.isArray(result) ? result.length : ((result as { items?: unknown[] } | null)?.items?.length ?? 0);

/** Measures completion latency in the project folder `dir` with the language server `exe`. */
export async function measureCompletion(exe: string, dir: string, edits: number): Promise<CompletionRun> {
  const session = await startLsp(exe, dir);
  try {
    const appUri = pathToFileURL(join(dir, 'app.ts')).href;
    const clientUri = pathToFileURL(join(dir, 'client.ts')).href;
    const appText = readFileSync(join(dir, 'app.ts'), 'utf8');
    const clientText = readFileSync(join(dir, 'client.ts'), 'utf8');
    session.notify('textDocument/didOpen', { textDocument: { uri: appUri, languageId: 'typescript', version: 1, text: appText } });
    session.notify('textDocument/didOpen', {
      textDocument: { uri: clientUri, languageId: 'typescript', version: 1, text: clientText },
    });
    const params = { textDocument: { uri: clientUri }, position: completionPosition(clientText) };
    const complete = async (): Promise<[number, number, number | undefined]> => {
      const cpuStart = session.cpuMs();
      const start = performance.now();
      const result = await session.request('textDocument/completion', params);
      const ms = performance.now() - start;
      const cpuEnd = session.cpuMs();
      return [ms, itemCount(result), cpuStart === undefined || cpuEnd === undefined ? undefined : cpuEnd - cpuStart];
    };
    const [firstMs, items] = await complete();
    const afterEditMs: number[] = [];
    const afterEditCpuMs: number[] = [];
    for (let edit = 1; edit <= edits; edit++) {
      const text = `${appText}// edit ${edit}\n`;
      session.notify('textDocument/didChange', {
        textDocument: { uri: appUri, version: edit + 1 },
        contentChanges: [{ text }],
      });
      const [ms, , cpu] = await complete();
      afterEditMs.push(ms);
      if (cpu !== undefined) afterEditCpuMs.push(cpu);
    }
    return { firstMs, afterEditMs, afterEditCpuMs, items };
  } finally {
    await session.close();
  }
}
