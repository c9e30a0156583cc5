import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { EndpointDef } from '../../shared/contract/endpoint';
import type { PermissionKey } from '../../shared/permissions';

/**
 * The button permissions of the screen a component sits in, fetched for its menu and the current role
 * before the screen opens (spec 000 §4). Hiding is a convenience: the server checks the same keys.
 */
const PermissionsContext = createContext<ReadonlySet<string>>(new Set());

export function PermissionsProvider({ permissions, children }: { permissions: readonly string[]; children: ReactNode }) {
  const set = useMemo(() => new Set(permissions), [permissions]);
  return <PermissionsContext.Provider value={set}>{children}</PermissionsContext.Provider>;
}

export function usePermissions(): { has: (perm: PermissionKey) => boolean } {
  const set = useContext(PermissionsContext);
  return useMemo(() => ({ has: (perm: PermissionKey) => set.has(perm) }), [set]);
}

/** Renders its children only when the screen's permission list holds `perm` (any of them, for a list). */
export function PermissionGate({ perm, children, fallback = null }: { perm: PermissionKey | readonly PermissionKey[]; children: ReactNode; fallback?: ReactNode }) {
  const { has } = usePermissions();
  const needed = typeof perm === 'string' ? [perm] : perm;
  return <>{needed.some(has) ? children : fallback}</>;
}

/** The permission key an endpoint's declared access asks of the role, or null when any signed-in user may call it. */
export function accessKeyOf(def: EndpointDef): PermissionKey | null {
  return def.access === 'public' || def.access === 'session' ? null : def.access;
}

/** The permission key that guards an endpoint, for a button that leads to it; one any signed-in user may call has none. */
export function guardKeyOf(def: EndpointDef): PermissionKey {
  const key = accessKeyOf(def);
  if (!key) throw new Error(`${def.path} is open to ${def.access} callers: no permission key guards it`);
  return key;
}
