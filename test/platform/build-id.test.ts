import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildId } from '../../src/platform/build-id.js';

describe('buildId', () => {
  it('names the release and the running code’s build time, the same on every call', () => {
    const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const id = buildId();
    expect(id).toMatch(new RegExp(`^${version.replace(/\./g, '\\.')}@\\d+(\\.\\d+)?$`));
    expect(buildId()).toBe(id);
  });
});
