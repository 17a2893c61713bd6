/**
 * Frames arrive up to 10 times a second per run; the page draws them at most this often, all the
 * frames since the last drawing in one store update (charts re-render once, not once per frame).
 */
export const DRAW_INTERVAL_MS = 250
