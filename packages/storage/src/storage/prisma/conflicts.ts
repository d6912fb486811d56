import { UniqueConflictError } from "../storage.ts";

/** Prisma's unique-constraint error (P2002, both databases) becomes the storage layer's UniqueConflictError. */
export async function uniquely<T>(write: Promise<T>, what: string): Promise<T> {
  try {
    return await write;
  } catch (e) {
    if (typeof e === "object" && e !== null && "code" in e && e.code === "P2002")
      throw new UniqueConflictError(`${what} already exists`);
    throw e;
  }
}
