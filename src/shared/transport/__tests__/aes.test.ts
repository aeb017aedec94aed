import CryptoJS from 'crypto-js';
import { decryptFromTransport, encryptForTransport } from '../aes';
import { decodeTransport } from '../../../server/lib/transport';

// Vector made with the full crypto-js library and checked with
// `openssl enc -aes-128-cbc -K <hex key> -iv <hex key> -base64`.
const KEY = '8080808080808080';
const VECTORS: Array<[string, string]> = [
  ['Admin@12345', 'jieeDMsWIxPO8X5tDIt2Mg=='],
  ['9876543210', 'WhXhUC9oMfprLpmvIVnKKw=='],
];

describe('transport encoding (AES-CBC, PKCS7, key = IV)', () => {
  test.each(VECTORS)('encrypts %s like crypto-js and openssl', (plain, cipher) => {
    expect(encryptForTransport(plain, KEY)).toBe(cipher);
  });

  test.each(VECTORS)('the server decodes %s from a crypto-js cipher', (plain, cipher) => {
    expect(decodeTransport(cipher, KEY)).toBe(plain);
    expect(decryptFromTransport(cipher, KEY)).toBe(plain);
  });

  test('round trip of unicode and long text, client to server', () => {
    for (const plain of ['पासवर्ड-ü-✓', 'x'.repeat(500), ' spaces kept ']) {
      expect(decodeTransport(encryptForTransport(plain, KEY), KEY)).toBe(plain);
    }
  });

  test('the full crypto-js library agrees with the per-module import', () => {
    const k = CryptoJS.enc.Utf8.parse(KEY);
    const full = CryptoJS.AES.encrypt('abc', k, { iv: k, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 }).toString();
    expect(encryptForTransport('abc', KEY)).toBe(full);
  });

  test('another key or a damaged cipher is refused by the server', () => {
    const cipher = encryptForTransport('Admin@12345', KEY);
    expect(() => decodeTransport(cipher, 'abcdefghijklmnop')).toThrow(/could not be read/);
    expect(() => decodeTransport('', KEY)).toThrow(/could not be read/);
    expect(() => decodeTransport(12345, KEY)).toThrow(/could not be read/);
    expect(() => decodeTransport('%%%', KEY)).toThrow(/could not be read/);
  });

  test('a key of the wrong length is refused with a plain message', () => {
    expect(() => encryptForTransport('x', 'short')).toThrow('The transport key must be exactly 16 characters long.');
  });
});
