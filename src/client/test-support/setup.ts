import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';

// Lazy route chunks are transformed by Babel on first use: on a cold cache (a fresh CI clone) that takes
// longer than Testing Library's default 1 s, so waits get more room. A wait that never resolves still fails.
configure({ asyncUtilTimeout: 15_000 });
// A whole screen test does dozens of such waits; beside the server suite on a two-core CI machine one took
// 155 s where it takes 40 s alone. A test that hangs still fails.
jest.setTimeout(180_000);

// react-router reads these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
