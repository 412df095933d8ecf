/**
 * `POST /api/sentiment` with a small file answers the report itself, so whether its recording was
 * kept (and can be played from the report) rides in a header. No zod here: the tool reads it on
 * its first load.
 */
export const RECORDING_KEPT_HEADER = "x-recording-kept";
