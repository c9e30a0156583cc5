import { UnsavedChangesProvider } from '../components/form/unsaved-changes';
import { HomeShell } from './home/HomeShell';
import { IdentityBoundary } from './identity/IdentityBoundary';
import { SessionBoundary } from './session/SessionBoundary';

/**
 * The Home shell behind the session and the identity choice: its own chunk, loaded after sign-in (or on a
 * reload inside the session), so the sign-in page never carries it.
 */
export default function ShellScreens() {
  return (
    <SessionBoundary>
      {/* Above the identity switch and the shell, which both ask before typed changes in a tab are dropped. */}
      <UnsavedChangesProvider>
        <IdentityBoundary>{({ system, role }) => <HomeShell key={`${system.menuId}:${role.roleId}`} />}</IdentityBoundary>
      </UnsavedChangesProvider>
    </SessionBoundary>
  );
}
