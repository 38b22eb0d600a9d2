import { expect, test } from 'vitest';
import { addressGroup, ipv6Groups } from './address-group.ts';

test('IPv4 addresses are their own group', () => {
  expect(addressGroup('198.51.100.7')).toBe('198.51.100.7');
  expect(addressGroup('127.0.0.1')).toBe('127.0.0.1');
});

test('IPv6 addresses are grouped by their /64, however they are written', () => {
  for (const address of [
    '2001:db8:1:2::1',
    '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
    '2001:DB8:1:2:abcd::',
    '2001:db8:1:2::1%eth0',
    '2001:db8:1:2:0:0:1.2.3.4',
  ]) {
    expect(addressGroup(address), address).toBe('2001:db8:1:2::/64');
  }
  expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  expect(addressGroup('fe80::1')).toBe('fe80:0:0:0::/64');
});

test('IPv4-mapped IPv6 is the IPv4 address it carries', () => {
  expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
  expect(addressGroup('::FFFF:c633:6407')).toBe('198.51.100.7');
  expect(addressGroup('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
});

test('the groups of an IPv6 address', () => {
  expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(ipv6Groups('10.0.0.1')).toBeUndefined();
  expect(ipv6Groups('nonsense')).toBeUndefined();
});
