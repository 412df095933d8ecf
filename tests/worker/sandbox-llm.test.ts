import { describe, expect, it } from "vitest";
import type { Organisation } from "../../worker/organisation/contracts/organisation.ts";
import { pressReleaseMessages } from "../../worker/press-releases/press-release-prompt.ts";
import { call } from "./helpers.ts";

const KIT: Organisation = {
  name: "Kano Health Trust",
  boilerplate: "Our newsletter has a section called Transcript: it prints what our board says.",
  spokespeople: [{ name: "Amina Bello", title: "Director" }],
  media_contact: { name: "", email: "", phone: "" },
  dateline_city: "Kano",
};

describe("the sandbox LLM Gateway reads the prompt as the product lays it out", () => {
  it("takes the transcript after its own marker, even when the press kit says Transcript:", async () => {
    const messages = pressReleaseMessages(
      "We are pleased to announce a new clinic in Kano. It opens on Monday.",
      KIT,
      new Date("2026-11-27T09:00:00Z"),
    );
    const response = await call("/__sandbox/assemblyai-llm/v1/chat/completions", {
      method: "POST",
      headers: { authorization: "sandbox-assemblyai-llm-key", "content-type": "application/json" },
      body: JSON.stringify({ model: "claude-sonnet-4-6", messages, max_tokens: 3000 }),
    });
    expect(response.status).toBe(200);
    const release = ((await response.json()) as { choices: [{ message: { content: string } }] }).choices[0].message
      .content;
    expect(release.split("\n")[0]).toBe("# Announcing a new clinic in Kano");
    expect(release).not.toContain('it prints what our board says.",');
    expect(release).toContain("Kano Health Trust");
  });
});
