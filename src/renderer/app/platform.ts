import { useQuery } from '@tanstack/react-query';
import { unwrap, useBridge } from '../bridge';

/** Electron (external pages as native views) or the browser host (sandboxed iframes). */
export function usePlatform() {
  const bridge = useBridge();
  return useQuery({ queryKey: ['bridge', 'platform'], queryFn: () => unwrap(bridge.platform()), staleTime: Infinity, meta: { silent: true } });
}
