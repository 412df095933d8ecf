/** Toast durations. */
export const TOAST_MS = 5000;
export const LOGIN_SUCCESS_TOAST_MS = 3500;
