import { lazy, Suspense } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { CHUNK_FAILED_TITLE, SCREEN_FAILED_TITLE, ScreenErrorBoundary, isChunkLoadError } from '../screen-error-boundary';

const chunkError = () => Object.assign(new Error('Loading chunk samples failed.\n(error: http://x/samples.js)'), { name: 'ChunkLoadError' });

describe('no white screens', () => {
  let reload: jest.Mock;
  const original = window.location;
  beforeEach(() => {
    reload = jest.fn();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
  });
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: original });
    jest.restoreAllMocks();
  });

  it('a screen whose code fails to load says so with Reload; what is outside the boundary stays', async () => {
    const Broken = lazy(() => Promise.reject(chunkError()));
    render(
      <>
        <nav>Menu</nav>
        <ScreenErrorBoundary>
          <Suspense fallback="loading">
            <Broken />
          </Suspense>
        </ScreenErrorBoundary>
      </>,
    );
    expect(await screen.findByText(CHUNK_FAILED_TITLE)).toBeInTheDocument();
    expect(screen.getByText('Menu')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('another render error gets the general message', async () => {
    function Throws(): never {
      throw new Error('bad data');
    }
    render(
      <ScreenErrorBoundary>
        <Throws />
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByText(SCREEN_FAILED_TITLE)).toBeInTheDocument();
  });

  it.each([
    ['webpack', chunkError()],
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://x/a.js')],
    ['Firefox', new TypeError('error loading dynamically imported module')],
    ['Safari', new TypeError('Importing a module script failed.')],
  ])('recognises a failed chunk (%s)', (_browser, error) => expect(isChunkLoadError(error)).toBe(true));

  it('does not take other errors for a failed chunk', () => expect(isChunkLoadError(new Error('x is undefined'))).toBe(false));
});
