import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  it('reads as bytes, KB or MB', () => {
    expect(fileSize(850)).toBe('850 B');
    expect(fileSize(12_595)).toBe('12.3 KB');
    expect(fileSize(4_718_592)).toBe('4.5 MB');
  });
});
