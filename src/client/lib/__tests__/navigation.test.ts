import { configureStore } from '@reduxjs/toolkit';
import { navigateTo, navigationMiddleware, registerNavigator } from '../navigation/navigation';

const store = () => configureStore({ reducer: (s: null = null) => s, middleware: (d) => d().concat(navigationMiddleware) });

describe('navigation bridge', () => {
  it('hands navigation/navigateTo to the registered navigator', () => {
    const navigate = jest.fn();
    const unregister = registerNavigator(navigate);
    store().dispatch(navigateTo('/login', true));
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    unregister();
  });

  it('replays a navigation asked for before the router mounted', () => {
    store().dispatch(navigateTo('/BlankHomePage'));
    const navigate = jest.fn();
    const unregister = registerNavigator(navigate);
    expect(navigate).toHaveBeenCalledWith('/BlankHomePage', { replace: false });
    unregister();
  });
});
