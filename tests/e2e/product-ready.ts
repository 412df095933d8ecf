import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

/** The file global-setup.ts leaves in the state directory when the product failed to start. */
export const START_FAILED_NOTE = "product-start-failed.txt";

/**
 * Every browser file starts once the product answers: global-setup.ts starts it in the background.
 * Longer than product-server.ts allows a start, so a failed start is reported as its own note.
 */
const WAIT_MS = 540_000;

async function productAnswers(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`)).ok;
  } catch {
    return false;
  }
}

export async function waitForProduct(): Promise<void> {
  const baseUrl = inject("baseUrl");
  const failedNote = join(inject("stateDir"), START_FAILED_NOTE);
  const deadline = Date.now() + WAIT_MS;
  while (!(await productAnswers(baseUrl))) {
    if (existsSync(failedNote)) throw new Error(`the product did not start:\n${readFileSync(failedNote, "utf8")}`);
    if (Date.now() > deadline) throw new Error(`the product did not answer ${baseUrl}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
