/**
 * Type-checks files as if they were in the repository (the project's TypeScript settings, strict): `files` maps a
 * repository path to its code, new files and replacements of existing ones alike. Answers the diagnostics of
 * those files, empty when they compile. The docs' recipes are checked this way.
 */
import { join, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(__dirname, "..", "..");

export function typeCheck(files: Map<string, string>): string[] {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile.bind(ts.sys));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const options = { ...parsed.options, incremental: false, noEmit: true };
  const host = ts.createCompilerHost(options);
  const virtual = new Map([...files].map(([p, code]) => [resolve(ROOT, p), code]));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, fresh) => {
    const code = virtual.get(resolve(name));
    return code !== undefined
      ? ts.createSourceFile(name, code, language, true)
      : getSourceFile(name, language, onError, fresh);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => virtual.has(resolve(name)) || fileExists(name);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (dir) =>
    [...virtual.keys()].some((p) => p.startsWith(resolve(dir) + "/")) ||
    (directoryExists?.(dir) ?? ts.sys.directoryExists(dir));
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => virtual.get(resolve(name)) ?? readFile(name);
  const program = ts.createProgram([...virtual.keys()], options, host);
  return [...virtual.keys()].flatMap((name) => {
    const sf = program.getSourceFile(name);
    if (!sf) return [`${name}: not compiled`];
    return [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].map(
      (d) => `${name.slice(ROOT.length + 1)}:${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
  });
}
