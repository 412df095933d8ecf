import { zodResolver } from "@hookform/resolvers/zod";
import { Mic, MicOff, PhoneCall, PhoneOff } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { fieldsOf, TextField, VERBATIM_INPUT } from "../ui/form-fields.tsx";
import { VoiceClient } from "../voice-client/voice-client.ts";
import { describeCallError } from "./describe-error.ts";
import type { DemoDefaults } from "./sandbox-defaults.ts";

const demoForm = z.object({
  publicKey: z.string().trim().min(1, "Enter your public key"),
  assistantId: z.string().trim().min(1, "Enter an assistant id"),
  apiBaseUrl: z.url({ protocol: /^https?$/, message: "Enter an http(s) URL" }),
});

type DemoForm = z.infer<typeof demoForm>;

type Status = "idle" | "starting" | "in-call";

interface LogEntry {
  readonly id: number;
  readonly time: string;
  readonly text: string;
  readonly tone: "info" | "error";
}

const MAX_LOG_ENTRIES = 200;

/** The live demo on /developers: one VoiceClient driven by a form, with its events shown as they arrive. */
export function VoiceDemo({ defaults }: { defaults: DemoDefaults }) {
  const { register, handleSubmit, formState } = useForm<DemoForm>({
    resolver: zodResolver(demoForm),
    mode: "onTouched",
    defaultValues: {
      publicKey: defaults.publicKey,
      assistantId: defaults.assistantId,
      apiBaseUrl: defaults.apiBaseUrl,
    },
  });
  const [status, setStatus] = useState<Status>("idle");
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(0);
  const [log, setLog] = useState<LogEntry[]>([]);
  const clientRef = useRef<VoiceClient | null>(null);
  const nextId = useRef(0);

  const append = useCallback((text: string, tone: LogEntry["tone"] = "info") => {
    nextId.current += 1;
    const entry = { id: nextId.current, time: new Date().toLocaleTimeString(), text, tone };
    setLog((entries) => [...entries, entry].slice(-MAX_LOG_ENTRIES));
  }, []);

  useEffect(() => () => clientRef.current?.stop(), []);

  const start = handleSubmit(async (values) => {
    clientRef.current?.stop();
    const client = new VoiceClient(values.publicKey, { apiBaseUrl: values.apiBaseUrl });
    clientRef.current = client;
    client
      .on("call-start", () => append("call-start: the assistant is listening"))
      .on("call-end", () => {
        append("call-end: the call has ended");
        setStatus("idle");
        setVolume(0);
      })
      .on("speech-start", () => append("speech-start"))
      .on("speech-end", () => append("speech-end"))
      .on("volume-level", setVolume)
      .on("message", (message) => append(`message: ${JSON.stringify(message)}`))
      .on("error", (error) => append(`error: ${describeCallError(error)}`, "error"));
    setStatus("starting");
    setMuted(false);
    append(`Creating a web call at ${values.apiBaseUrl}/call/web…`);
    const call = await client.start(values.assistantId);
    if (clientRef.current !== client) return;
    if (call) {
      append(`Joined web call ${String(call.id ?? call.webCallUrl)}`);
      setStatus("in-call");
    } else {
      setStatus("idle");
    }
  });

  const stop = () => {
    clientRef.current?.stop();
    clientRef.current = null;
    setStatus("idle");
    setVolume(0);
    append("Stopped by you");
  };

  const toggleMute = () => {
    const client = clientRef.current;
    if (!client) return;
    client.setMuted(!muted);
    setMuted(client.isMuted());
    append(client.isMuted() ? "Microphone muted" : "Microphone on");
  };

  const field = fieldsOf(register, formState.errors);
  return (
    <div className="voice-demo">
      <form className="form" onSubmit={start} noValidate aria-label="Live demo">
        <TextField
          label="Public key"
          {...VERBATIM_INPUT}
          {...(defaults.sandbox ? { hint: "The sandbox key is filled in; any other key gets a 401." } : {})}
          {...field("publicKey")}
        />
        <TextField label="Assistant id" {...VERBATIM_INPUT} {...field("assistantId")} />
        <TextField
          label="API base URL"
          type="url"
          spellCheck={false}
          {...(defaults.sandbox ? { hint: "The Vox sandbox emulator of POST /call/web." } : {})}
          {...field("apiBaseUrl")}
        />
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            disabled={status !== "idle"}
            aria-busy={status === "starting"}
          >
            {status === "starting" ? (
              <span className="spinner spinner--small" aria-hidden="true" />
            ) : (
              <PhoneCall aria-hidden="true" size={18} />
            )}
            {status === "starting" ? "Starting…" : "Start"}
          </button>
          <button type="button" className="button" onClick={stop} disabled={status === "idle"}>
            <PhoneOff aria-hidden="true" size={18} />
            Stop
          </button>
          <button
            type="button"
            className="button"
            onClick={toggleMute}
            disabled={status !== "in-call"}
            aria-pressed={muted}
          >
            {muted ? <MicOff aria-hidden="true" size={18} /> : <Mic aria-hidden="true" size={18} />}
            {muted ? "Unmute" : "Mute"}
          </button>
        </div>
      </form>
      <div className="voice-demo__volume">
        <label htmlFor="voice-demo-volume">Assistant volume</label>
        <meter id="voice-demo-volume" className="recorder__level" min={0} max={1} value={volume} />
      </div>
      <h3 className="voice-demo__log-title">Event log</h3>
      {log.length === 0 && <p className="muted">No events yet. Start a call and its events appear here.</p>}
      <ol className="event-log" aria-live="polite" aria-label="Event log">
        {log.map((entry) => (
          <li key={entry.id} className={`event-log__entry event-log__entry--${entry.tone}`}>
            <time>{entry.time}</time> {entry.text}
          </li>
        ))}
      </ol>
    </div>
  );
}
