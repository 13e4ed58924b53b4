/** A school's provider address in production: https and public, or refused before any request. */
import { describe, expect, it } from 'vitest';
import { assertPublicAddress, isInnerAddress } from './public-address';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address }));

describe('isInnerAddress', () => {
  it.each([
    '127.0.0.1',
    '10.2.3.4',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ])('%s is inner', (address) => {
    expect(isInnerAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isInnerAddress(address)).toBe(false);
    },
  );
});

describe('assertPublicAddress', () => {
  it('accepts https to a name that resolves only to public addresses', async () => {
    await expect(
      assertPublicAddress('https://sms.example.edu/send', resolvesTo('93.184.216.34', '2606:4700::1111')),
    ).resolves.toBeUndefined();
  });

  it('refuses plain http, inner literals, and names resolving to any inner address', async () => {
    const pub = resolvesTo('93.184.216.34');
    await expect(assertPublicAddress('http://sms.example.edu/send', pub)).rejects.toThrow(/https/);
    await expect(assertPublicAddress('https://127.0.0.1/send', pub)).rejects.toThrow(/public/);
    await expect(assertPublicAddress('https://[::1]:8443/send', pub)).rejects.toThrow(/public/);
    await expect(assertPublicAddress('https://169.254.169.254/latest', pub)).rejects.toThrow(/public/);
    await expect(
      assertPublicAddress('https://rebind.example.edu/send', resolvesTo('93.184.216.34', '10.0.0.5')),
    ).rejects.toThrow(/public/);
    await expect(assertPublicAddress('https://nowhere.example.edu/send', resolvesTo())).rejects.toThrow(
      /public/,
    );
  });
});
