import { createContext, useContext } from 'react';
import type { RoleEntry, SystemEntry } from '../../../shared/contract/session';

/** The system and role the user works in, as the shell's identity dialog set them (spec 000 §4). */
export interface Identity {
  system: SystemEntry;
  role: RoleEntry;
  systems: readonly SystemEntry[];
}

export interface IdentityContextValue extends Identity {
  /** Opens the system-and-role dialog; a new choice reloads the menu, the user info and the tabs. */
  openSwitch: () => void;
}

/** Provided by the shell's identity boundary around every screen. */
export const IdentityContext = createContext<IdentityContextValue | null>(null);

export function useIdentity(): IdentityContextValue {
  const identity = useContext(IdentityContext);
  if (!identity) throw new Error('useIdentity needs an IdentityBoundary');
  return identity;
}
