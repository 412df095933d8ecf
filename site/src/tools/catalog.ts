import type { ToolId } from "@contracts/tools.ts";
import type { LucideIcon } from "lucide-react";
import { AudioWaveform, Gauge, Mic, Newspaper, ShieldCheck, Speech } from "lucide-react";
import { PATHS } from "../paths.ts";

export type { ToolId };

/** What menus and cards need about each tool; page copy lives in tool-content.ts. */
export interface Tool {
  readonly id: ToolId;
  readonly name: string;
  readonly path: string;
  readonly icon: LucideIcon;
  /** One line for cards and menus. */
  readonly pitch: string;
  readonly beta?: boolean;
}

export const TOOLS: readonly Tool[] = [
  {
    id: "tts",
    name: "Vox Speaks",
    path: PATHS.voxSpeaks,
    icon: Speech,
    pitch: "Turn any script into natural, broadcast-ready speech in seconds.",
  },
  {
    id: "sentiment",
    name: "Vox Sentiment",
    path: PATHS.voxSentiment,
    icon: Gauge,
    pitch: "Hear what your audience feels: sentiment, topics and intent from any recording.",
  },
  {
    id: "live",
    name: "VoxScribe",
    path: PATHS.voxScribe,
    icon: Mic,
    pitch: "Live, punctuated transcripts of meetings, interviews and briefings as you speak.",
  },
  {
    id: "pressRelease",
    name: "VoxRelease",
    path: PATHS.voxRelease,
    icon: Newspaper,
    pitch: "Upload a briefing recording and get a publication-ready press release.",
  },
  {
    id: "voiceConversion",
    name: "VoxOver",
    path: PATHS.voxOver,
    icon: AudioWaveform,
    pitch: "Re-voice a recording in another voice while keeping its delivery.",
  },
  {
    id: "deepfake",
    name: "Vox Shield",
    path: PATHS.voxShield,
    icon: ShieldCheck,
    pitch: "Check suspicious audio and stories for deepfakes and fake news before they spread.",
    beta: true,
  },
];

export function toolById(id: ToolId): Tool {
  const tool = TOOLS.find((candidate) => candidate.id === id);
  if (!tool) throw new Error(`Unknown tool ${id}`);
  return tool;
}
