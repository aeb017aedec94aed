import { checkCredentials, KEPT_CREDENTIALS, sha256Hex, signAccessToken, verifyAccessToken } from '../tokens';

describe('checkCredentials (the checked credentials of recent calls)', () => {
  const secret = 'a-secret-of-this-test';
  const claims = { sid: 'session-1', uid: 7, tnt: 'soillims', knd: 'full' } as const;
  const token = signAccessToken(claims, secret);

  test('answers what verifyAccessToken and sha256Hex answer, and the same answer again', () => {
    const first = checkCredentials(token, 'companion', secret);
    expect(first).toEqual({ claims: verifyAccessToken(token, secret), tokenHash: sha256Hex('companion') });
    expect(checkCredentials(token, 'companion', secret)).toBe(first);
    // The answer is shared between calls: nobody may change it.
    expect(Object.isFrozen(first) && Object.isFrozen(first!.claims)).toBe(true);
    expect(checkCredentials(token, null, secret)).toEqual({ claims: first!.claims, tokenHash: null });
    expect(checkCredentials(token, 'another', secret)!.tokenHash).toBe(sha256Hex('another'));
  });

  test('a token that does not verify is refused every time, and one kept under a secret is refused under another', () => {
    const forged = token.slice(0, token.indexOf('.') + 1) + (token[token.indexOf('.') + 1] === 'A' ? 'B' : 'A') + token.slice(token.indexOf('.') + 2);
    for (let i = 0; i < 3; i++) expect(checkCredentials(forged, 'companion', secret)).toBeNull();
    expect(checkCredentials(token, 'companion', secret)).not.toBeNull();
    expect(checkCredentials(token, 'companion', 'the-secret-of-another-server')).toBeNull();
  });

  test('at most KEPT_CREDENTIALS pairs are kept: past that the list starts again and still answers', () => {
    const first = checkCredentials(token, 'companion', secret);
    for (let i = 0; i <= KEPT_CREDENTIALS; i++) checkCredentials(token, `companion ${i}`, secret);
    const again = checkCredentials(token, 'companion', secret);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
