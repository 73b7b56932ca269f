/** Key material both sides of the kill -9 run seal and open the endpoint's secret with (test only). */
export const CRASH_KEY_MATERIAL = 'webhook crash run key material (test only)';
