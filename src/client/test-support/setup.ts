import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'util';

// react-router reads these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
