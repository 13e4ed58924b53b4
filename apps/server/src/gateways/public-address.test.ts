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
    // issue 23: IPv6 forms carrying a loopback address, and the documentation ranges.
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2002:c0a8:101::1',
    '2001:0:7f00:1:8000:63bf:3fff:fdd2',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    '64:ff9b:1::8.8.8.8',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.200',
    '2001:db8::1',
    '198.18.0.1',
    '192.88.99.1',
    '255.255.255.255',
    '240.0.0.1',
    'fec0::1',
  ])('%s is inner', (address) => {
    expect(isInnerAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '172.32.0.1',
    '8.8.8.8',
    '1.1.1.1',
    '114.114.114.114',
    '192.0.3.1',
    '203.0.114.1',
    '2606:4700::1111',
    '2400:3200::1',
    '::ffff:8.8.8.8',
    // NAT64 (DNS64) and 6to4 forms of a public address stay public.
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isInnerAddress(address)).toBe(false);
  });
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

  it.each([
    'https://[::127.0.0.1]/send',
    'https://[::ffff:0:127.0.0.1]/send',
    'https://[64:ff9b::127.0.0.1]/send',
    'https://[::ffff:7f00:1]/send',
    'https://192.0.2.10/send',
    'https://198.51.100.10/send',
    'https://203.0.113.10/send',
    'https://2130706433/send',
    'https://0x7f.1/send',
  ])('refuses %s as saved', async (url) => {
    await expect(assertPublicAddress(url, resolvesTo('93.184.216.34'))).rejects.toThrow(/public/);
  });

  it('checks what a name resolves to by the same rule (each send resolves again)', async () => {
    for (const address of ['::127.0.0.1', '64:ff9b::127.0.0.1', '203.0.113.5'])
      await expect(
        assertPublicAddress('https://sms.example.edu/send', resolvesTo('93.184.216.34', address)),
      ).rejects.toThrow(/public/);
    await expect(
      assertPublicAddress('https://sms.example.edu/send', resolvesTo('64:ff9b::808:808', '8.8.4.4')),
    ).resolves.toBeUndefined();
  });
});
