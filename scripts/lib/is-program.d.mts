export function isProgram(moduleUrl: string, fileName: string): boolean;
