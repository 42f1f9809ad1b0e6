import { describe, expect, it } from 'vitest';
import {
  chooseProtocolVersion,
  isModernProtocolVersion,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
} from '../src/index.js';

describe('versions', () => {
  it('P-94: the latest revision is 2026-07-28', () => {
    expect(LATEST_PROTOCOL_VERSION).toBe('2026-07-28');
    expect(isModernProtocolVersion('2026-07-28')).toBe(true);
    for (const legacy of LEGACY_PROTOCOL_VERSIONS) expect(isModernProtocolVersion(legacy)).toBe(false);
  });

  it('B-7/B-12: the legacy revisions are 2025-11-25, 2025-06-18, 2025-03-26 and 2024-11-05, newest first', () => {
    expect(LEGACY_PROTOCOL_VERSIONS).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(LEGACY_PROTOCOL_VERSIONS).not.toContain(LATEST_PROTOCOL_VERSION);
  });

  it('C-10/C-11: picks the newest version both sides support', () => {
    expect(chooseProtocolVersion(['2026-07-28', '2025-11-25'], ['2025-11-25', '2026-07-28'])).toBe(
      '2026-07-28',
    );
    expect(chooseProtocolVersion(['2026-07-28', '2025-11-25'], ['2025-11-25'])).toBe('2025-11-25');
    expect(chooseProtocolVersion(['2026-07-28'], ['1900-01-01'])).toBeUndefined();
    expect(chooseProtocolVersion(['2026-07-28'], [])).toBeUndefined();
  });
});
