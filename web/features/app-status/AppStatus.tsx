// The app-wide status strip: offline banner, "new version" prompt, install button.
import { useSyncExternalStore } from 'react';
import { timeAgo } from '../../lib/format';
import { applyUpdate, installPrompt, updateAvailable } from '../../offline/register-sw';
import { offlineStatus } from '../../offline/status';

export function OfflineBanner() {
  const status = useSyncExternalStore(offlineStatus.subscribe, offlineStatus.get, offlineStatus.getServer);
  if (!status.offline) return null;
  return (
    <div role="status" className="bg-base-300 text-base-content text-sm px-4 py-2 text-center" data-testid="offline-banner">
      {status.servedFrom ? (
        <>You're offline — showing saved copies from {timeAgo(status.servedFrom)}</>
      ) : (
        <>You're offline — pages you have opened before are still available</>
      )}
    </div>
  );
}

export function UpdatePrompt() {
  const available = useSyncExternalStore(updateAvailable.subscribe, updateAvailable.get, () => false);
  if (!available) return null;
  return (
    <div className="toast toast-center toast-bottom z-50 mb-16 lg:mb-0" role="alert">
      <div className="alert alert-info shadow-lg">
        <span>A new version is available</span>
        <button type="button" className="btn btn-sm" onClick={applyUpdate}>
          Reload
        </button>
      </div>
    </div>
  );
}

export function InstallButton({ className = 'btn btn-sm btn-outline' }: { className?: string }) {
  const prompt = useSyncExternalStore(installPrompt.subscribe, installPrompt.get, () => null);
  if (!prompt) return null;
  return (
    <button type="button" className={className} onClick={() => void prompt.prompt()}>
      Install app
    </button>
  );
}
