/**
 * What every command-line script does with its arguments first: a UsageError says what is wrong (exit 2, the message
 * and the usage on stderr), --help prints the usage (exit 0). Both happen before anything opens the database.
 */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The parsed arguments, or the exit code when the script should stop here (bad arguments: 2, --help: 0). */
export function argsOrExit<T extends object>(
  command: string,
  usage: string,
  parse: () => T | { help: true },
): T | number {
  let args: T | { help: true };
  try {
    args = parse();
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${command}: ${e.message}\n\n${usage}\n`);
      return 2;
    }
    throw e;
  }
  if ("help" in args) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  return args;
}
