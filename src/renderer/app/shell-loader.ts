import type { i18n } from 'i18next';
import type { ComponentType } from 'react';
import { loadHomeTexts } from '../i18n';

// By the instance's store, which the wrappers react-i18next hands components share with the instance.
const shellLoads = new WeakMap<i18n['store'], Promise<ComponentType>>();
const loadedShells = new WeakMap<i18n['store'], ComponentType>();

/**
 * The Home shell's code and text, loaded together; one promise per i18n instance, so a component can suspend
 * on it and the sign-in page can start it early (on submit). A failed load is forgotten, so a retry loads again.
 */
/** The shell's text, added to an instance once (the sign-in page starts it early too). */
export function loadShellTexts(instance: i18n): Promise<void> {
  return loadHomeTexts(instance, () => import('./home-messages').then((module) => module.loadHomeMessages()));
}

export function loadShell(instance: i18n): Promise<ComponentType> {
  let load = shellLoads.get(instance.store);
  if (!load) {
    load = Promise.all([import('./ShellScreens'), loadShellTexts(instance)]).then(([module]) => {
      loadedShells.set(instance.store, module.default);
      return module.default;
    });
    load.catch(() => shellLoads.delete(instance.store));
    shellLoads.set(instance.store, load);
  }
  return load;
}

/** The shell once loaded, so a render after the load (the usual case after sign-in) does not suspend at all. */
export function loadedShell(instance: i18n): ComponentType | null {
  return loadedShells.get(instance.store) ?? null;
}
