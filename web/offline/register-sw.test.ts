// A browser that refuses the service worker (a private window, a policy): the app carries on
// online, with no unhandled rejection, and "Reload" falls back to reloading the page.
import { afterEach, describe, expect, it, vi } from 'vitest';

const register = vi.fn();
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register = register;
    messageSkipWaiting = vi.fn();
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('registerServiceWorker', () => {
  it('a refused registration is caught and Reload reloads the page', async () => {
    const reload = vi.fn();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.stubGlobal('window', { addEventListener: vi.fn(), location: { reload } });
    vi.stubGlobal('navigator', { serviceWorker: {} });
    vi.stubGlobal('document', { addEventListener: vi.fn(), visibilityState: 'visible' });
    vi.stubEnv('DEV', false);
    const refused = new Error('SecurityError: the operation is insecure');
    register.mockImplementation(() => Promise.reject(refused));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { registerServiceWorker, applyUpdate } = await import('./register-sw');
      await registerServiceWorker();
      await new Promise((r) => setTimeout(r, 10));
      expect(register).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
      expect(info).toHaveBeenCalledWith('The service worker was not registered; offline reading is off:', refused);
      applyUpdate();
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      process.off('unhandledRejection', unhandled);
      info.mockRestore();
    }
  });
});
