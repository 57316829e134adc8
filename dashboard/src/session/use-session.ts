import { useSyncExternalStore } from 'react';
import { session } from './session-store';

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.snapshot);
}
