import { describe, expect, it } from 'vitest';
import { hashAddressFor } from './boot-location';

describe('boot location', () => {
  it('carries a typed path into the hash route and keeps the real query', () => {
    expect(hashAddressFor('/login', '', '')).toBe('/#/login');
    expect(hashAddressFor('/Home', '?code=abc', '')).toBe('/?code=abc#/Home');
  });

  it('leaves the root, index.html and hash routes alone', () => {
    expect(hashAddressFor('/', '?code=abc', '')).toBeNull();
    expect(hashAddressFor('/index.html', '', '')).toBeNull();
    expect(hashAddressFor('/login', '', '#/Home')).toBeNull();
  });
});
