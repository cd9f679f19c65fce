/** The port the build against the hostile fixture is served on (scripts/hostile-e2e.ts). */
export const hostilePort = 4410;
