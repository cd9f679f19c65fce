import { describe, expect, it, vi } from 'vitest';
import { safeJsonList } from './persist-list.ts';
import { isCount } from './persist.ts';

describe('safeJsonList', () => {
  // Reads positive whole numbers; a number above 9 is lowered to 9.
  const readItem = (v: unknown) => (isCount(v) && v > 0 ? Math.min(v, 9) : null);

  it('reads a valid list as it is, without a repair', () => {
    const onRepair = vi.fn();
    const codec = safeJsonList(readItem, onRepair);
    expect(codec.decode(codec.encode([1, 2, 3]) ?? '')).toEqual([1, 2, 3]);
    expect(codec.decode('[]')).toEqual([]);
    expect(onRepair).not.toHaveBeenCalled();
  });

  it('drops only the entries it cannot read and says something was lost', () => {
    const onRepair = vi.fn();
    expect(safeJsonList(readItem, onRepair).decode('[1,"x",{"a":1},3]')).toEqual([1, 3]);
    expect(onRepair).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('says an entry was corrected without loss', () => {
    const onRepair = vi.fn();
    expect(safeJsonList(readItem, onRepair).decode('[1,40]')).toEqual([1, 9]);
    expect(onRepair).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('gives an empty list, with a loss, for a value that is not a JSON list', () => {
    for (const corrupt of ['{not json', '', 'null', '{"0":1}', '"[1]"']) {
      const onRepair = vi.fn();
      expect(safeJsonList(readItem, onRepair).decode(corrupt)).toEqual([]);
      expect(onRepair).toHaveBeenCalledExactlyOnceWith(true);
    }
  });
});
