import useSWR from "swr";
import { fetchVoices } from "../../api/audio.ts";

/** The voice list (`GET /api/tts/voices`), shared by Vox Speaks and VoxOver; nothing loads until `wanted`. */
export function useVoices(wanted: boolean) {
  return useSWR(wanted ? "/api/tts/voices" : null, fetchVoices, { revalidateOnFocus: false });
}
