import { describe, expect, it } from 'vitest';
import { viewPath } from '../../components/list/view-link';
import { consoleLinkPath } from './console-link';

describe('a pasted console link', () => {
  it('opens the screen route in its hash, with its view', () => {
    const path = viewPath('/user', { filters: { username: 'zh' } });
    expect(consoleLinkPath(`http://127.0.0.1:5123/index.html#${path}`)).toBe(path);
    expect(consoleLinkPath(`  app://console/#${path}\n`)).toBe(path);
    expect(consoleLinkPath(`#${path}`)).toBe(path);
    expect(consoleLinkPath('/role')).toBe('/role');
  });

  it('is not a search for anything else', () => {
    expect(consoleLinkPath('user')).toBeNull();
    expect(consoleLinkPath('https://example.com/#/nowhere')).toBeNull();
    expect(consoleLinkPath('https://example.com/page')).toBeNull();
    expect(consoleLinkPath('#/Home')).toBeNull();
    expect(consoleLinkPath('/user Manage')).toBeNull();
  });
});
