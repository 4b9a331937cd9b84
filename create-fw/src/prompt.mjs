/** The questions create-fw asks on a terminal when the command line leaves out the folder or the template. */
import { createInterface } from 'node:readline';
import { targetNames, targets } from './targets.mjs';

/** The person closed the input (Ctrl-D) or pressed Ctrl-C before answering: the bin exits without writing anything. */
export class PromptCancelled extends Error {}

/** Shows `question` and resolves to the next line typed (lines typed ahead wait their turn); PromptCancelled when the input ends first. */
async function ask(rl, lines, question) {
  rl.setPrompt(question);
  rl.prompt();
  const { value, done } = await lines.next();
  if (done) throw new PromptCancelled('cancelled: nothing was written');
  return value.trim();
}

/** Asks what create-fw lacks (`dir` when undefined, `template` when undefined) over `input`/`output`, asking again after a wrong answer. */
export async function askMissing({ dir, template }, input, output) {
  const rl = createInterface({ input, output, terminal: Boolean(input.isTTY && output.isTTY) });
  rl.on('SIGINT', () => rl.close());
  const lines = rl[Symbol.asyncIterator]();
  try {
    let folder = dir;
    while (folder === undefined) {
      const answer = await ask(rl, lines, 'Project folder (my-fw-app): ');
      folder = answer === '' ? 'my-fw-app' : answer;
    }
    let target = template;
    if (target === undefined) {
      output.write(
        `Where will it run?\n${targetNames.map((name, i) => `  ${i + 1}) ${name.padEnd(7)} ${targets[name].label}`).join('\n')}\n`,
      );
    }
    while (target === undefined) {
      const answer = await ask(rl, lines, `Template (1-${targetNames.length} or a name): `);
      const picked = /^\d+$/.test(answer) ? targetNames[Number(answer) - 1] : answer;
      if (targetNames.includes(picked)) target = picked;
      else output.write(`"${answer}" is none of them: type 1-${targetNames.length} or ${targetNames.join(', ')}\n`);
    }
    return { dir: folder, template: target };
  } finally {
    rl.close();
  }
}
