/**
 * How many file operations the build module runs at once: enough to keep the disk busy, and
 * far below any limit on open files, which a build at 50,000 articles (some 98,000 files,
 * 50,000 article details) would reach if it opened them all at once.
 */
export const DISK_CONCURRENCY = 8;
