export function devAddresses(
  source?: Record<string, string | undefined>,
): Promise<{ port: number; devstorePort: number; appUrl: string }>;
