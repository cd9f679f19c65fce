import type { PersistentEncoder } from '@nanostores/persistent';

// Apart from persist.ts, which every page loads with the header: only the cart reads lists.

/**
 * A JSON codec for a persisted list whose entries are read one by one, so one entry that
 * cannot be read (written by older code, or corrupt) costs only itself. `readItem` answers
 * the entry, a corrected copy of it, or null to drop it. A value that is not a JSON list at
 * all decodes to `[]`. `onRepair` is called whenever the decoded list differs from what was
 * stored, with `lost` true when entries were dropped (or the whole value was unreadable) and
 * false when entries were only corrected, so the caller can write the list back and tell
 * the shopper.
 */
export function safeJsonList<T>(
  readItem: (value: unknown) => T | null,
  onRepair: (lost: boolean) => void,
): PersistentEncoder<T[]> {
  return {
    encode: (value) => JSON.stringify(value),
    decode: (encoded) => {
      let stored: unknown;
      try {
        stored = JSON.parse(encoded);
      } catch {
        stored = undefined;
      }
      if (!Array.isArray(stored)) {
        onRepair(true);
        return [];
      }
      const read: T[] = [];
      let corrected = false;
      for (const entry of stored as unknown[]) {
        const item = readItem(entry);
        if (item === null) continue;
        if (item !== entry) corrected = true;
        read.push(item);
      }
      if (read.length < stored.length) onRepair(true);
      else if (corrected) onRepair(false);
      return read;
    },
  };
}
