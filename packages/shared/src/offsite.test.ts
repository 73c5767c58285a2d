import { describe, expect, it } from 'vitest';
import { domainCandidates, isLinkShortener, linkHostOf, parseRuleDomain } from './offsite.ts';

describe('outbound link hosts', () => {
  it('reads the host of http(s) links only, as rules name it', () => {
    expect(linkHostOf('https://WWW.Example.COM./a?b')).toBe('example.com');
    expect(linkHostOf('http://user:pw@shop.example.com:8080/')).toBe('shop.example.com');
    expect(linkHostOf('https://bit.ly@evil.test/')).toBe('evil.test');
    expect(linkHostOf('javascript:alert(1)')).toBeNull();
    expect(linkHostOf('example.com/page')).toBeNull();
  });

  it('lists a host and its parents; an address alone', () => {
    expect(domainCandidates('a.b.example.com')).toEqual([
      'a.b.example.com',
      'b.example.com',
      'example.com',
      'com',
    ]);
    expect(domainCandidates('10.0.0.1')).toEqual(['10.0.0.1']);
  });

  it('knows shorteners and their subdomains, plus configured ones', () => {
    expect(isLinkShortener('bit.ly')).toBe(true);
    expect(isLinkShortener('on.bit.ly')).toBe(true);
    expect(isLinkShortener('notbit.ly')).toBe(false);
    expect(isLinkShortener('go.example', ['go.example'])).toBe(true);
  });

  it('parses an operator domain or refuses it', () => {
    expect(parseRuleDomain(' WWW.Example.com ')).toBe('example.com');
    expect(parseRuleDomain('bücher.example')).toBe('xn--bcher-kva.example');
    expect(parseRuleDomain('203.0.113.9')).toBe('203.0.113.9');
    for (const bad of [
      'https://example.com',
      'example.com/x',
      'example.com:80',
      'a b.com',
      '-x.com',
      '',
      'a@b.com',
    ]) {
      expect(parseRuleDomain(bad)).toBeNull();
    }
  });
});
