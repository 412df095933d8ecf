import type { ToolId } from "./catalog.ts";

interface ToolContent {
  readonly headline: string;
  readonly description: string;
  readonly useCases: readonly string[];
}

/** Page copy for each tool, kept apart from the catalog so menus do not download it. */
export const TOOL_CONTENT: Record<ToolId, ToolContent> = {
  tts: {
    headline: "Text-to-speech that sounds like your brand, not a robot",
    description:
      "Paste a statement, a lesson or an ad script, choose from a library of natural voices and download a clean mp3. No studio booking, no retakes, no waiting on a voice artist for a one-line correction.",
    useCases: [
      "Voice statements and announcements for radio, WhatsApp and social media",
      "Narrate lessons, explainers and e-learning modules",
      "Produce audio versions of articles and newsletters for listeners on the move",
      "Prototype ads and jingles before booking talent",
      "Make long reports accessible to people who prefer to listen",
    ],
  },
  sentiment: {
    headline: "Know how a conversation landed before the headlines do",
    description:
      "Upload a press briefing, a call-in show, a town hall or a customer call. Vox Sentiment transcribes it and returns a report: overall sentiment and score, the moments that shifted the mood, the topics discussed, what speakers wanted, and a short summary you can forward.",
    useCases: [
      "Measure how a press conference or interview was received",
      "Track public mood on radio phone-ins and podcasts about your brand",
      "Review customer-service calls for complaints and intent at scale",
      "Brief executives with a one-paragraph summary of a long meeting",
    ],
  },
  live: {
    headline: "Every word on the record, live",
    description:
      "Start recording and watch a punctuated transcript build as people speak. Stop when you are done and copy or export the text, ready for minutes, quotes or captions.",
    useCases: [
      "Take accurate quotes during interviews and press events",
      "Produce meeting minutes without a dedicated note-taker",
      "Caption live classes and webinars for students",
      "Capture ideas on the go and turn them into drafts",
    ],
  },
  pressRelease: {
    headline: "From recording to press release in minutes",
    description:
      "Upload the audio of a briefing, an executive interview or a product launch. VoxRelease transcribes it and drafts a structured press release with a headline, dateline, lead, quotes and boilerplate, ready for your edits and approval.",
    useCases: [
      "Turn an executive's verbal update into a release the same day",
      "Draft announcements from launch events and conferences",
      "Give small teams a first draft without a dedicated writer",
      "Keep the wording of releases faithful to what was actually said",
    ],
  },
  voiceConversion: {
    headline: "Keep the performance, change the voice",
    description:
      "Upload an audio file or record straight from your microphone, choose a target voice and download the converted mp3. Pacing, emphasis and emotion stay as you recorded them.",
    useCases: [
      "Give every campaign asset one consistent brand voice",
      "Protect the identity of sources and whistle-blowers in audio stories",
      "Re-voice training material without re-recording the trainer",
      "Create character voices for podcasts and children's content",
    ],
  },
  deepfake: {
    headline: "Verify before you amplify",
    description:
      "Vox Shield checks audio clips and stories for signs of synthetic voices and misinformation, so your newsroom or comms team can respond with confidence. It is in beta: treat its verdict as one signal among your usual checks.",
    useCases: [
      "Screen voice notes that claim to come from executives or officials",
      "Check viral stories before your brand responds to them",
      "Support fact-checking desks with a fast first opinion",
    ],
  },
};
