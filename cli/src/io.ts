/** Where a command writes and which folder it works in; the bin passes the process's, tests collect lines. */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  /** The project folder (default: the working directory). */
  cwd: string;
  env: Record<string, string | undefined>;
  /** Replaces the last progress line in place on a terminal; elsewhere writes it as a line. */
  progress?(line: string): void;
}

/** The IO of the real process (standard output and error, the working directory, the environment). */
export function processIO(): CliIO {
  const tty = Boolean(process.stdout.isTTY);
  let progressOpen = false;
  const endProgress = () => {
    if (progressOpen) process.stdout.write('\n');
    progressOpen = false;
  };
  return {
    out: (line) => {
      endProgress();
      process.stdout.write(`${line}\n`);
    },
    err: (line) => {
      endProgress();
      process.stderr.write(`${line}\n`);
    },
    cwd: process.cwd(),
    env: process.env,
    progress: (line) => {
      process.stdout.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
      progressOpen = tty;
    },
  };
}

/** A usage mistake (unknown flag, missing value): printed with the command's help hint, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
