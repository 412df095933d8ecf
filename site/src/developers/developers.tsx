import { API } from "@contracts/api-paths.ts";
import { DocumentTitle } from "../ui/document-title.tsx";
import "./developers.css";
import { useDemoDefaults } from "./sandbox-defaults.ts";
import { VoiceDemo } from "./voice-demo.tsx";

const INSTALL = `npm install @daily-co/daily-js zod
npm run build:sdk   # writes the client to dist/voice-client/`;

const USAGE = `import { VoiceClient } from "./voice-client/index.js";

const client = new VoiceClient("YOUR_PUBLIC_KEY");

client.on("call-start", () => console.log("The assistant is listening"));
client.on("speech-start", () => console.log("The assistant is speaking"));
client.on("volume-level", (level) => meter.value = level); // 0 to 1
client.on("message", (message) => console.log(message));   // parsed JSON
client.on("error", (error) => console.error(error.phase, error.message));
client.on("call-end", () => console.log("Call ended"));

// By assistant id, or with an inline assistant configuration object:
await client.start("YOUR_ASSISTANT_ID");

client.setMuted(true);
client.send({ type: "add-message", message: { role: "system", content: "Be brief." } });
client.stop();`;

const VOICE_API = `import { VoiceApiClient } from "./voice-client/index.js";

// Your server trades its key pair for a short-lived token (Vox: POST /api/voice/token).
const token = await fetch("${API.voice.path.token}", { method: "POST", headers: { authorization: \`Bearer \${session}\` } });
const { access_token } = await token.json();

const chat = new VoiceApiClient({ auth: { type: "accessToken", value: access_token }, configId: "…" });
chat.on("message", (message) => {
  if (message.type === "assistant_message") console.log(message.message.content);
});
chat.connect();
chat.sendSessionSettings({ audio: { channels: 1, encoding: "linear16", sampleRate: 16000 } });`;

export function Component() {
  const defaults = useDemoDefaults();
  return (
    <article className="narrow prose">
      <DocumentTitle>Developers · Vox</DocumentTitle>
      <p className="eyebrow">Developers</p>
      <h1>Put a voice assistant on your own page</h1>
      <p className="lead">
        The Vox voice client starts a spoken conversation with an AI voice assistant from the browser, by assistant id
        or with an inline assistant configuration, using the public key of your voice-assistant account.
      </p>
      <h2>How it works</h2>
      <ul>
        <li>
          <code>start()</code> asks the voice-assistant API for a web call (<code>POST /call/web</code>, with your
          public key as a bearer token), then joins it with the Daily call library, audio only.
        </li>
        <li>
          The call library loads only when a call starts, so pages that include the client pay nothing for it until
          then.
        </li>
        <li>
          Events tell you what happens: <code>call-start</code>, <code>call-end</code>, <code>speech-start</code>,{" "}
          <code>speech-end</code>, <code>volume-level</code>, <code>message</code> and <code>error</code>. A failed
          start never throws: it emits <code>error</code>, cleans up and answers <code>null</code>.
        </li>
        <li>It runs in Chrome 61, Firefox 78 and Safari 12 or later, the call library's own minimums.</li>
      </ul>
      <h2>Install</h2>
      <pre className="code-block">
        <code>{INSTALL}</code>
      </pre>
      <h2>Use</h2>
      <pre className="code-block">
        <code>{USAGE}</code>
      </pre>
      <p>
        The same package has <code>AssistantApi</code>, typed calls for the assistant, call, credential, phone-number
        and metrics routes, and <code>VoiceApiClient</code>, a reconnecting WebSocket client for the voice API whose
        messages are checked against their schemas:
      </p>
      <pre className="code-block">
        <code>{VOICE_API}</code>
      </pre>
      <h2 id="live-demo">Live demo</h2>
      <p>
        Enter a public key and an assistant id, then press Start and allow the microphone. Your key stays in this page;
        it is sent only to the API base URL below.
      </p>
      <section className="panel" aria-labelledby="live-demo">
        {defaults ? (
          <VoiceDemo defaults={defaults} />
        ) : (
          <div className="spinner" role="status" aria-label="Loading the demo" />
        )}
      </section>
    </article>
  );
}
