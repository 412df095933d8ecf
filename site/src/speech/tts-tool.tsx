import { datedFileName } from "@contracts/dated-file-name.ts";
import { groupThousands } from "@contracts/numbers.ts";
import { TTS_MAX_CHARACTERS } from "@worker/speech/contracts/tts-constants.ts";
import { Download, Sparkles } from "lucide-react";
import { useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { useStoredUser } from "../api/session.ts";
import { LanguagePicker } from "../tools/language/language-picker.tsx";
import { useLanguage } from "../tools/language/use-language.ts";
import { reportToolError } from "../tools/report-tool-error.ts";
import { downloadBlob } from "../ui/download.ts";
import { takeUpEarlyText } from "../ui/early-text.ts";
import { SubmitButton } from "../ui/form-fields.tsx";
import { useModals } from "../ui/modal-context.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { ViewerNote } from "../workspaces/viewer-note.tsx";
import { addToneMarks, generateSpeech } from "./speech-api.ts";
import { streamToPlayer } from "./stream-to-player.ts";
import { refreshHistoryUntil } from "./use-history.ts";
import { VoicePicker } from "./voice-picker.tsx";

/**
 * Vox Speaks: language, text and voice → speech that starts playing while it streams, then
 * downloads as mp3. Yorùbá typed without its tone marks can have them added first.
 */
export function TtsTool() {
  const user = useStoredUser();
  const { openModal } = useModals();
  const { mutate } = useSWRConfig();
  const [language, setLanguage, { carried }] = useLanguage("tts");
  const [text, setText] = useState("");
  const [voiceId, setVoiceId] = useState("");
  const [errors, setErrors] = useState<{ text?: string; voice?: string }>({});
  const [busy, setBusy] = useState(false);
  const [marking, setMarking] = useState(false);
  const [result, setResult] = useState<{ readonly audio: Blob; readonly fileName: string } | null>(null);
  const player = useRef<HTMLAudioElement>(null);
  const { canEdit } = useWorkspace();

  const generate = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(text.trim() ? {} : { text: "Type the text to speak" }),
      ...(voiceId ? {} : { voice: "Choose a voice" }),
    };
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (!user) {
      openModal("login");
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const response = await generateSpeech(text, voiceId, language);
      if (!player.current) return;
      // Named for what it says, as the text was when it was spoken, and the day.
      const fileName = datedFileName(text, new Date().toISOString(), "mp3", "speech");
      setResult({ audio: await streamToPlayer(response, player.current), fileName });
      await refreshHistoryUntil(mutate, response.headers.get("x-vox-audio-id"));
    } catch (error) {
      reportToolError(error);
    } finally {
      setBusy(false);
    }
  };

  const chooseLanguage = (chosen: typeof language) => {
    setLanguage(chosen);
    setVoiceId(""); // each voice speaks one language
  };

  const markTones = async () => {
    if (!text.trim()) {
      setErrors({ text: "Type the Yorùbá text to mark" });
      return;
    }
    if (!user) {
      openModal("login");
      return;
    }
    setMarking(true);
    try {
      setText((await addToneMarks(text)).text);
      setErrors({});
    } catch (error) {
      reportToolError(error);
    } finally {
      setMarking(false);
    }
  };

  const remaining = TTS_MAX_CHARACTERS - text.length;
  // A viewer replays and downloads the workspace's speech below; making more is an editor's.
  if (!canEdit) return <ViewerNote />;
  return (
    <form className="form" onSubmit={generate} noValidate>
      <LanguagePicker tool="tts" carried={carried} value={language} onChange={chooseLanguage} />
      <div className="field">
        <label className="field__label" htmlFor="tts-text">
          Text
        </label>
        <textarea
          id="tts-text"
          ref={takeUpEarlyText}
          className="field__input field__input--multiline"
          rows={7}
          maxLength={TTS_MAX_CHARACTERS}
          value={text}
          onChange={(event) => setText(event.target.value)}
          lang={language}
          placeholder="Paste your statement, script or lesson here."
          aria-invalid={errors.text ? true : undefined}
          aria-describedby="tts-text-count"
        />
        <p id="tts-text-count" className={remaining < 200 ? "field__hint field__hint--warn" : "field__hint"}>
          {groupThousands(text.length)} / {groupThousands(TTS_MAX_CHARACTERS)} characters
        </p>
        {errors.text && (
          <p className="field__error" role="alert">
            {errors.text}
          </p>
        )}
        {language === "yo" && (
          <button
            type="button"
            className="button button--ghost"
            onClick={markTones}
            disabled={marking || busy}
            aria-busy={marking || undefined}
          >
            <Sparkles aria-hidden="true" size={18} /> {marking ? "Adding tone marks…" : "Add tone marks"}
          </button>
        )}
      </div>
      <VoicePicker language={language} value={voiceId} onChange={setVoiceId} error={errors.voice} />
      <SubmitButton submitting={busy}>Generate Speech</SubmitButton>
      <div className="result" hidden={!busy && !result}>
        {/* biome-ignore lint/a11y/useMediaCaption: the spoken text is the textarea above */}
        <audio ref={player} controls className="result__player" aria-label="Generated speech" />
        <button
          type="button"
          className="button button--ghost"
          disabled={!result}
          onClick={() => result && downloadBlob(result.audio, result.fileName)}
        >
          <Download aria-hidden="true" size={18} /> Download mp3
        </button>
      </div>
    </form>
  );
}
