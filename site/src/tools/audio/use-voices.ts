import useSWR from "swr";
import { fetchVoices } from "../../api/audio.ts";

/** The voice list (`GET /api/tts/voices`), shared by Vox Speaks and VoxOver. */
export function useVoices() {
  return useSWR("/api/tts/voices", fetchVoices, { revalidateOnFocus: false });
}
