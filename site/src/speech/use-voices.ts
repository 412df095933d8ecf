import type { Language } from "@contracts/languages.ts";
import useSWR from "swr";
import { fetchVoices, voicesPath } from "./speech-api.ts";

/**
 * One language's voices (`GET /api/tts/voices?language=`), shared by Vox Speaks and VoxOver;
 * nothing loads until `wanted`.
 */
export function useVoices(wanted: boolean, language: Language) {
  return useSWR(wanted ? voicesPath(language) : null, fetchVoices, { revalidateOnFocus: false });
}
